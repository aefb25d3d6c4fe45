import { describe, expect, it } from 'vitest';
import { planSync } from '../../../src/mailbox/sync-plan.js';

const noBackfill = { backfill: false, lastSyncAt: null };

describe('planSync', () => {
  describe('first run (nothing stored)', () => {
    it('an empty mailbox: everything that arrives later is answerable', () => {
      expect(planSync(null, { uidvalidity: 7, uidNext: 1, exists: 0 }, noBackfill)).toEqual({ kind: 'fetch', fromUid: 1, answerable: true, reason: 'new-mail' });
    });

    it('a non-empty mailbox is recorded without replying', () => {
      expect(planSync(null, { uidvalidity: 7, uidNext: 51, exists: 50 }, noBackfill)).toEqual({ kind: 'fetch', fromUid: 1, answerable: false, reason: 'first-run' });
    });

    it('a non-empty mailbox with backfill on is answerable', () => {
      expect(planSync(null, { uidvalidity: 7, uidNext: 51, exists: 50 }, { backfill: true, lastSyncAt: null })).toEqual({
        kind: 'fetch',
        fromUid: 1,
        answerable: true,
        reason: 'first-run-backfill',
      });
    });
  });

  describe('later runs', () => {
    const stored = { uidvalidity: 7, lastUid: 50 };

    it('new mail is fetched from the UID after the last one seen', () => {
      expect(planSync(stored, { uidvalidity: 7, uidNext: 53, exists: 52 }, noBackfill)).toEqual({ kind: 'fetch', fromUid: 51, answerable: true, reason: 'new-mail' });
    });

    it('backfill does not change a normal run', () => {
      expect(planSync(stored, { uidvalidity: 7, uidNext: 53, exists: 52 }, { backfill: true, lastSyncAt: 1 })).toMatchObject({ fromUid: 51, answerable: true, reason: 'new-mail' });
    });

    it('nothing new by UIDNEXT: still only asks for UIDs above the last one (UIDNEXT may be stale)', () => {
      // UIDNEXT from SELECT does not move as mail arrives, so it cannot prove "nothing new";
      // the plan must never reach back to UIDs already stored, though.
      const plan = planSync(stored, { uidvalidity: 7, uidNext: 51, exists: 50 }, noBackfill);
      expect(plan).toEqual({ kind: 'fetch', fromUid: 51, answerable: true, reason: 'new-mail' });
    });

    it('a lagging UIDNEXT below the last UID never refetches stored mail', () => {
      const plan = planSync(stored, { uidvalidity: 7, uidNext: 40, exists: 30 }, noBackfill);
      expect(plan.kind === 'fetch' ? plan.fromUid : null).toBe(51);
    });

    it('nothing new: an empty mailbox needs no fetch', () => {
      expect(planSync(stored, { uidvalidity: 7, uidNext: 60, exists: 0 }, noBackfill)).toEqual({ kind: 'nothing' });
    });

    it('mail deleted but new mail arrived: still fetches the new UIDs', () => {
      expect(planSync(stored, { uidvalidity: 7, uidNext: 55, exists: 3 }, noBackfill)).toEqual({ kind: 'fetch', fromUid: 51, answerable: true, reason: 'new-mail' });
    });
  });

  describe('UIDVALIDITY change', () => {
    it('resets, answering only mail newer than the last good sync', () => {
      const lastSyncAt = Date.parse('2024-06-10T08:00:00Z');
      expect(planSync({ uidvalidity: 7, lastUid: 50 }, { uidvalidity: 8, uidNext: 10, exists: 9 }, { backfill: false, lastSyncAt })).toEqual({
        kind: 'uidvalidity-reset',
        answerableAfter: lastSyncAt,
      });
    });

    it('resets even when the new mailbox looks like it has nothing new', () => {
      expect(planSync({ uidvalidity: 7, lastUid: 50 }, { uidvalidity: 9, uidNext: 2, exists: 0 }, noBackfill)).toEqual({ kind: 'uidvalidity-reset', answerableAfter: null });
    });
  });
});
