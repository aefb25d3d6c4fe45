import type { Conversation } from '../db/schema.js';
import type { Db } from '../db/database.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import { findConversationByMessageIds, findOpenConversationBySender } from './conversation.repository.js';

export type ThreadMatch =
  | { kind: 'reference'; conversation: Conversation }
  | { kind: 'sender'; conversation: Conversation }
  | { kind: 'new' };

/** In-Reply-To and References first (the thread the mail says it belongs to), then the sender's open conversation. */
export async function findThread(db: Db, email: InboundEmail): Promise<ThreadMatch> {
  const ids = [...(email.inReplyTo ? [email.inReplyTo] : []), ...[...email.references].reverse()];
  const byRef = await findConversationByMessageIds(db, ids);
  if (byRef) return { kind: 'reference', conversation: byRef };
  const sender = email.from?.address;
  if (sender) {
    const open = await findOpenConversationBySender(db, sender);
    if (open) return { kind: 'sender', conversation: open };
  }
  return { kind: 'new' };
}
