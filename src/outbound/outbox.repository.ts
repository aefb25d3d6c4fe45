import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { NewOutboxRow, OutboxRow } from '../db/schema.js';

export async function insertOutbox(tx: Tx, row: NewOutboxRow): Promise<number> {
  const { id } = await tx.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function dueOutbox(db: Db, now: number, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rows (replies, alerts, retries) whose send time has come. */
export async function countDue(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function nextDueTime(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.next ?? null;
}

/** Claims a pending row; false when someone else (another loop turn) got it first. */
export async function markSending(db: Db, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('outbox')
    .set({ status: 'sending', sending_started_at: now, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markSent(db: Db | Tx, row: Pick<OutboxRow, 'id' | 'message_row_id'>, now: number, smtpResponse: string | null, confirmedBy: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, smtp_response: smtpResponse, confirmed_by: confirmedBy, last_error: null })
    .where('id', '=', row.id)
    .where('status', 'in', ['sending', 'pending'])
    .execute();
  await db.updateTable('messages').set({ send_success: 1 }).where('id', '=', row.message_row_id).execute();
}

export async function markRetry(db: Db, id: number, nextAt: number, error: string): Promise<void> {
  await db.updateTable('outbox').set({ status: 'pending', next_attempt_at: nextAt, last_error: error }).where('id', '=', id).execute();
}

export async function markFailed(db: Db, row: Pick<OutboxRow, 'id' | 'message_row_id'>, error: string): Promise<void> {
  await db.updateTable('outbox').set({ status: 'failed', last_error: error }).where('id', '=', row.id).execute();
  await db.updateTable('messages').set({ send_success: 0, error_notes: error }).where('id', '=', row.message_row_id).execute();
}

export async function inDoubtRows(db: Db): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('status', '=', 'sending').orderBy('id').execute();
}

export async function findOutboxByRfcId(db: Db | Tx, rfcMessageId: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('rfc_message_id', '=', rfcMessageId).executeTakeFirst();
}

export async function countRecentToRecipient(db: Db, to: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_address', '=', to)
    .where('kind', '=', 'reply')
    .where('created_at', '>=', since)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function outboxBacklog(db: Db): Promise<{ pending: number; sending: number; failed: number; held: number }> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const out = { pending: 0, sending: 0, failed: 0, held: 0 };
  for (const r of rows) if (r.status in out) out[r.status as keyof typeof out] = Number(r.n);
  return out;
}
