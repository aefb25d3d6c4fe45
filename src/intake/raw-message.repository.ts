import type { Db, Tx } from '../db/database.js';
import type { RawMessage, RawStatus } from '../db/schema.js';

export interface FetchedMessage {
  mailbox: string;
  uidvalidity: number;
  uid: number;
  raw: Buffer;
  internalDate: number | null;
  messageId: string | null;
  answerable: boolean;
}

export type StoreResult = { stored: true; id: number } | { stored: false; reason: 'same-uid' | 'same-message-id'; id: number | null };

/**
 * Stores a fetched message before anything else looks at it. A message seen before (same UID,
 * or the same Message-ID under another UID, e.g. after a UIDVALIDITY change or a copy into the
 * folder) is recorded as a duplicate and never processed twice.
 */
export async function storeFetched(db: Db, m: FetchedMessage, now: number): Promise<StoreResult> {
  return db.transaction().execute(async (tx) => {
    const sameUid = await tx
      .selectFrom('raw_messages')
      .select('id')
      .where('mailbox', '=', m.mailbox)
      .where('uidvalidity', '=', m.uidvalidity)
      .where('uid', '=', m.uid)
      .executeTakeFirst();
    if (sameUid) return { stored: false, reason: 'same-uid', id: sameUid.id } as const;
    const sameId = m.messageId
      ? await tx.selectFrom('raw_messages').select('id').where('message_id', '=', m.messageId).where('status', '!=', 'duplicate').executeTakeFirst()
      : undefined;
    const { id } = await tx
      .insertInto('raw_messages')
      .values({
        mailbox: m.mailbox,
        uidvalidity: m.uidvalidity,
        uid: m.uid,
        message_id: m.messageId,
        size: m.raw.length,
        raw: m.raw,
        internal_date: m.internalDate,
        fetched_at: now,
        status: sameId ? 'duplicate' : 'pending',
        answerable: m.answerable ? 1 : 0,
        decision: sameId ? JSON.stringify({ duplicateOf: sameId.id }) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return sameId ? ({ stored: false, reason: 'same-message-id', id: sameId.id } as const) : ({ stored: true, id } as const);
  });
}

/** Ids of pending messages in arrival order; the raw bytes are loaded one message at a time. */
export async function pendingRawIds(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('raw_messages').select('id').where('status', '=', 'pending').where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

export async function getRaw(db: Db, id: number): Promise<RawMessage | undefined> {
  return db.selectFrom('raw_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function bumpAttempts(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('raw_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function finishRaw(
  db: Db | Tx,
  id: number,
  status: RawStatus,
  fields: { decision?: unknown; error?: string | null; conversationId?: number | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('raw_messages')
    .set({
      status,
      decision: fields.decision === undefined ? undefined : JSON.stringify(fields.decision),
      error: fields.error ?? null,
      conversation_id: fields.conversationId ?? null,
      processed_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function hasMessageId(db: Db, messageId: string): Promise<boolean> {
  const row = await db.selectFrom('raw_messages').select('id').where('message_id', '=', messageId).limit(1).executeTakeFirst();
  return row !== undefined;
}
