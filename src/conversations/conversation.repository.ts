import { type Conversation, type ConversationUpdate, type NewConversation } from '../db/schema.js';
import type { Db, Tx } from '../db/database.js';

export async function findConversationByMessageIds(db: Db | Tx, ids: readonly string[]): Promise<Conversation | undefined> {
  if (ids.length === 0) return undefined;
  return db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .selectAll('conversations')
    .where('messages.message_id', 'in', ids)
    .orderBy('messages.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The sender's most recent conversation, whatever its state: a sender whose conversation ended
 * (STARRED, GHOSTED, ESCALATED) stays out of automatic replies even with a fresh, unthreaded
 * email, until the owner runs `hermes reinit`.
 */
export async function findLatestConversationBySender(db: Db | Tx, sender: string): Promise<Conversation | undefined> {
  return db.selectFrom('conversations').selectAll().where('sender', '=', sender).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertConversation(tx: Tx, row: NewConversation): Promise<number> {
  const { id } = await tx.insertInto('conversations').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateConversation(tx: Tx, id: number, patch: ConversationUpdate): Promise<void> {
  await tx.updateTable('conversations').set(patch).where('id', '=', id).execute();
}

/** The exchange with the correspondent (owner alerts left out), oldest first. */
export async function recentMessages(db: Db | Tx, conversationId: number, limit: number) {
  const rows = await db
    .selectFrom('messages')
    .select(['direction', 'sender', 'subject', 'body_text', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('direction', 'in', ['inbound', 'outbound'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}
