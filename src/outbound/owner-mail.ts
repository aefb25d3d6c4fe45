import type { Config } from '../config/config.js';
import { recentMessages } from '../conversations/conversation.repository.js';
import type { Tx } from '../db/database.js';
import { composeAlert, type AlertInput } from './alerts.js';
import { newMessageId } from './compose-reply.js';
import { insertOutbox } from './outbox.repository.js';

export interface OwnerAlert {
  kind: AlertInput['kind'];
  conversationId: number;
  /** The correspondent, for the alert's header. */
  sender: string;
  subject: string;
  reasons: string[];
  now: number;
}

/**
 * Queues an alert to the owner (OWNER_ALERT_ADDRESS) with the whole thread, inside the caller's
 * transaction, so it is delivered exactly once like a reply. Returns false when no alert
 * address is configured (the caller logs that).
 */
export async function queueOwnerAlert(tx: Tx, config: Readonly<Config>, a: OwnerAlert): Promise<boolean> {
  const owner = config.safety.ownerAlertAddress;
  if (!owner) return false;
  const thread = await recentMessages(tx, a.conversationId, 50);
  const { subject, text } = composeAlert({ kind: a.kind, conversationId: a.conversationId, sender: a.sender, subject: a.subject, reasons: a.reasons, thread });
  await queueOwnerMail(tx, config, { conversationId: a.conversationId, kind: 'alert', to: owner, subject, text, now: a.now });
  return true;
}

/** An email from Hermes to the owner (an alert or a monitoring copy), recorded in the thread and the outbox. */
export async function queueOwnerMail(
  tx: Tx,
  config: Readonly<Config>,
  m: { conversationId: number; kind: 'alert' | 'monitor'; to: string; subject: string; text: string; now: number },
): Promise<void> {
  const from = config.address ?? '';
  const rfcId = newMessageId(config.messageIdDomain);
  const { id: messageRowId } = await tx
    .insertInto('messages')
    .values({ conversation_id: m.conversationId, direction: 'alert', sender: from, recipient: m.to, subject: m.subject, body_text: m.text, message_id: rfcId, created_at: m.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertOutbox(tx, {
    conversation_id: m.conversationId,
    message_row_id: messageRowId,
    rfc_message_id: rfcId,
    kind: m.kind,
    from_address: from,
    to_address: m.to,
    bcc_address: config.outbox.sentCopy && config.address ? config.address : null,
    subject: m.subject,
    body_text: m.text,
    next_attempt_at: m.now,
    created_at: m.now,
  });
}
