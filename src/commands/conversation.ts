import type { Config } from '../config/config.js';
import { migrateToLatest, openDatabase, transaction } from '../db/database.js';
import type { ConversationState } from '../db/schema.js';
import { AppError } from '../shared/errors.js';

/**
 * Kill switches for one conversation, safe while the daemon runs (each is one transaction):
 * - `hermes ghost <id>`: GHOSTED (terminal), and replies still waiting in the outbox are cancelled;
 * - `hermes reinit <id>`: back to INITIAL with the per-conversation counters cleared, so Hermes
 *   answers the next message as a fresh conversation (the history and the star stay).
 */
export async function conversationCommand(config: Readonly<Config>, verb: 'ghost' | 'reinit', args: string[], now = Date.now()): Promise<unknown> {
  const id = Number(args[0]);
  if (!Number.isInteger(id) || id <= 0) throw new AppError('INPUT_INVALID', `usage: hermes ${verb} <conversationId>`);
  const db = openDatabase(config.databasePath);
  try {
    await migrateToLatest(db);
    return await transaction(db, async (tx) => {
      const conv = await tx.selectFrom('conversations').select(['id', 'state']).where('id', '=', id).executeTakeFirst();
      if (!conv) throw new AppError('INPUT_INVALID', `conversation ${id} does not exist`);
      const from: ConversationState = conv.state;
      if (verb === 'ghost') {
        await tx.updateTable('conversations').set({ state: 'GHOSTED', updated_at: now }).where('id', '=', id).execute();
        const cancelled = await tx
          .updateTable('outbox')
          .set({ status: 'failed', last_error: 'cancelled: conversation ghosted by the owner' })
          .where('conversation_id', '=', id)
          .where('kind', '=', 'reply')
          .where('status', 'in', ['pending', 'held'])
          .executeTakeFirst();
        return { conversationId: id, transition: `state ${from} -> GHOSTED`, cancelledReplies: Number(cancelled.numUpdatedRows) };
      }
      await tx
        .updateTable('conversations')
        .set({
          state: 'INITIAL',
          message_count: 0,
          reply_count: 0,
          validation_failures: 0,
          escalation_reason: null,
          pii_stalled: 0,
          phone_excuses_used: '[]',
          unanswered_replies: 0,
          star_check_after: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return { conversationId: id, transition: `state ${from} -> INITIAL` };
    });
  } finally {
    await db.destroy();
  }
}
