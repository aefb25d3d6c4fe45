import type { Conversation } from '../db/schema.js';
import type { Db } from '../db/database.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import { findConversationByMessageIds, findLatestConversationBySender } from './conversation.repository.js';

export type ThreadMatch =
  | { kind: 'reference'; conversation: Conversation }
  | { kind: 'sender'; conversation: Conversation }
  | { kind: 'new' };

/**
 * In-Reply-To and References first (the thread the mail says it belongs to), then the sender's
 * latest conversation (an ended one too, so its end holds), else a new one.
 */
export async function findThread(db: Db, email: InboundEmail): Promise<ThreadMatch> {
  const ids = [...(email.inReplyTo ? [email.inReplyTo] : []), ...[...email.references].reverse()];
  const byRef = await findConversationByMessageIds(db, ids);
  if (byRef) return { kind: 'reference', conversation: byRef };
  const sender = email.from?.address;
  if (sender) {
    const latest = await findLatestConversationBySender(db, sender);
    if (latest) return { kind: 'sender', conversation: latest };
  }
  return { kind: 'new' };
}
