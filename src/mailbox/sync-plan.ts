/**
 * What one sync of the mailbox must do, from what we stored and what the server reports.
 * Pure, so each case (first run, normal, UIDVALIDITY change) is tested without a server.
 */
export interface StoredMailbox {
  uidvalidity: number;
  lastUid: number;
}

export interface ServerMailbox {
  uidvalidity: number;
  uidNext: number;
  exists: number;
}

export type SyncPlan =
  /** Fetch UIDs above `fromUid - 1`; `answerable` false records them without replying. */
  | { kind: 'fetch'; fromUid: number; answerable: boolean; reason: 'new-mail' | 'first-run' | 'first-run-backfill' }
  /** UIDs are meaningless now: re-read everything, let Message-ID dedupe drop what we have. */
  | { kind: 'uidvalidity-reset'; answerableAfter: number | null }
  | { kind: 'nothing' };

export function planSync(stored: StoredMailbox | null, server: ServerMailbox, opts: { backfill: boolean; lastSyncAt: number | null }): SyncPlan {
  if (stored === null) {
    if (server.exists === 0) return { kind: 'fetch', fromUid: 1, answerable: true, reason: 'new-mail' };
    return { kind: 'fetch', fromUid: 1, answerable: opts.backfill, reason: opts.backfill ? 'first-run-backfill' : 'first-run' };
  }
  if (stored.uidvalidity !== server.uidvalidity) {
    // Mail newer than our last good sync may be genuinely new; older mail is history.
    return { kind: 'uidvalidity-reset', answerableAfter: opts.lastSyncAt };
  }
  // UIDNEXT from SELECT goes stale as mail arrives (EXISTS does not update it), so only an empty
  // mailbox proves there is nothing to fetch; otherwise a cheap UID FETCH lists what is new.
  if (server.exists === 0) return { kind: 'nothing' };
  return { kind: 'fetch', fromUid: stored.lastUid + 1, answerable: true, reason: 'new-mail' };
}
