import type { Config } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import type { OutboxStatus } from '../db/schema.js';
import { AppError } from '../shared/errors.js';

const STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'sent', 'failed', 'held'];

/**
 * `hermes outbox [status]` lists replies (ids, state, attempts, last error; no addresses or
 * bodies); `hermes outbox release <id>` queues a held or failed reply for sending again.
 * Works while the daemon runs: it picks released rows up within a minute, or at once on restart.
 */
export async function outboxCommand(config: Readonly<Config>, args: string[]): Promise<unknown> {
  const db = openDatabase(config.databasePath);
  try {
    const [verb, arg] = args;
    if (verb === 'release') {
      const id = Number(arg);
      if (!Number.isInteger(id) || id <= 0) throw new AppError('INPUT_INVALID', 'usage: hermes outbox release <id>');
      const res = await db
        .updateTable('outbox')
        .set({ status: 'pending', next_attempt_at: Date.now(), last_error: null })
        .where('id', '=', id)
        .where('status', 'in', ['held', 'failed'])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AppError('INPUT_INVALID', `outbox row ${id} does not exist or is not held or failed`);
      return { released: id };
    }
    if (verb !== undefined && !STATUSES.includes(verb as OutboxStatus)) {
      throw new AppError('INPUT_INVALID', `usage: hermes outbox [${STATUSES.join('|')}] | hermes outbox release <id>`);
    }
    let query = db
      .selectFrom('outbox')
      .select(['id', 'conversation_id as conversationId', 'status', 'attempts', 'last_error as lastError', 'confirmed_by as confirmedBy', 'created_at', 'sent_at'])
      .orderBy('id', 'desc')
      .limit(200);
    if (verb) query = query.where('status', '=', verb as OutboxStatus);
    const rows = await query.execute();
    return rows.map(({ created_at, sent_at, ...r }) => ({
      ...r,
      createdAt: new Date(created_at).toISOString(),
      sentAt: sent_at ? new Date(sent_at).toISOString() : null,
    }));
  } finally {
    await db.destroy();
  }
}
