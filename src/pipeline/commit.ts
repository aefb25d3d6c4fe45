import type { Config } from '../config/config.js';
import { insertConversation, recentMessages, updateConversation } from '../conversations/conversation.repository.js';
import type { Tx } from '../db/database.js';
import type { Conversation, ConversationUpdate, RawMessage } from '../db/schema.js';
import { finishRaw } from '../intake/raw-message.repository.js';
import { composeAlert } from '../outbound/alerts.js';
import { newMessageId } from '../outbound/compose-reply.js';
import { insertOutbox } from '../outbound/outbox.repository.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import type { EmailView } from './inspect.js';
import type { ReplyPlan } from './reply-plan.js';

export interface CommitInput {
  config: Readonly<Config>;
  raw: RawMessage;
  email: InboundEmail;
  view: EmailView;
  plan: ReplyPlan | null;
  now: number;
}

export interface CommitResult {
  conversationId: number;
  queued: number;
  alertSkipped: boolean;
}

/**
 * One transaction for everything one inbound message changes: the conversation, the inbound
 * record, the reply and its outbox row, the owner's alert, and the raw message's status. A
 * crash before it commits leaves the message pending; after it, the outbox owns delivery.
 */
export async function commitMessage(tx: Tx, c: CommitInput): Promise<CommitResult> {
  const { config, email, view, plan, now } = c;
  const sender = email.from!.address;
  const existing: Conversation | null = view.thread.kind === 'new' ? null : view.thread.conversation;
  const conversationId =
    existing?.id ??
    (await insertConversation(tx, {
      sender,
      domain: sender.split('@')[1] ?? '',
      to_address: view.channel.address,
      channel: view.channel.channel,
      subject: email.subject,
      created_at: now,
      updated_at: now,
    }));
  await tx
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      raw_message_id: c.raw.id,
      direction: 'inbound',
      sender,
      recipient: view.channel.address ?? config.address ?? '',
      subject: email.subject,
      body_text: email.text,
      quoted_text: [email.quotedText, email.signature].filter(Boolean).join('\n\n') || null,
      message_id: email.messageId,
      in_reply_to: email.inReplyTo,
      references_header: email.references.join(' ') || null,
      shield_verdict: plan?.shield.verdict ?? null,
      shield_categories: plan && plan.shield.categories.length > 0 ? plan.shield.categories.join(',') : null,
      created_at: now,
    })
    .execute();

  const patch: ConversationUpdate = { message_count: (existing?.message_count ?? 0) + 1, last_inbound_at: now, updated_at: now };
  let queued = 0;
  if (plan?.reply && view.reply) {
    await queueReply(tx, c, conversationId, plan);
    queued++;
    patch.reply_count = (existing?.reply_count ?? 0) + 1;
    patch.last_outbound_at = now;
    if (!existing || existing.state === 'INITIAL') patch.state = 'ENGAGING';
  }
  if (plan?.validationPassed === true) patch.validation_failures = 0;
  if (plan?.validationPassed === false) patch.validation_failures = (existing?.validation_failures ?? 0) + 1;
  if (plan?.state === 'ESCALATED') {
    patch.state = 'ESCALATED';
    patch.escalation_reason = plan.escalation.reasons.map((r) => r.rule).join(',');
  }
  await updateConversation(tx, conversationId, patch);

  let alertSkipped = false;
  if (plan?.alert) {
    if (config.safety.ownerAlertAddress) {
      await queueAlert(tx, c, conversationId, plan.alert);
      queued++;
    } else {
      alertSkipped = true;
    }
  }
  await finishRaw(tx, c.raw.id, 'processed', { decision: summarise(view, plan), conversationId }, now);
  return { conversationId, queued, alertSkipped };
}

async function queueReply(tx: Tx, c: CommitInput, conversationId: number, plan: ReplyPlan): Promise<void> {
  const { config, view, now } = c;
  const reply = view.reply!;
  const draft = plan.reply!;
  const rfcId = newMessageId(config.messageIdDomain);
  const from = config.address ?? view.channel.address ?? '';
  const { id: messageRowId } = await tx
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      direction: 'outbound',
      sender: from,
      recipient: reply.to,
      subject: reply.subject,
      body_text: draft.text,
      message_id: rfcId,
      in_reply_to: reply.inReplyTo,
      references_header: reply.references,
      template_used: draft.templateUsed,
      ai_model: draft.aiModel,
      tokens_in: draft.tokensIn,
      tokens_out: draft.tokensOut,
      error_notes: draft.fallbackReason,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertOutbox(tx, {
    conversation_id: conversationId,
    message_row_id: messageRowId,
    in_reply_to_raw_id: c.raw.id,
    rfc_message_id: rfcId,
    from_address: from,
    to_address: reply.to,
    bcc_address: config.outbox.sentCopy && config.address ? config.address : null,
    subject: reply.subject,
    body_text: draft.text,
    in_reply_to: reply.inReplyTo,
    references_header: reply.references,
    status: plan.hold ? 'held' : 'pending',
    held_reason: plan.hold,
    next_attempt_at: now,
    created_at: now,
  });
}

async function queueAlert(tx: Tx, c: CommitInput, conversationId: number, alert: NonNullable<ReplyPlan['alert']>): Promise<void> {
  const { config, email, now } = c;
  const owner = config.safety.ownerAlertAddress!;
  const from = config.address ?? '';
  const thread = await recentMessages(tx, conversationId, 50);
  const { subject, text } = composeAlert({ kind: alert.kind, conversationId, sender: email.from!.address, subject: email.subject, reasons: alert.reasons, thread });
  const rfcId = newMessageId(config.messageIdDomain);
  const { id: messageRowId } = await tx
    .insertInto('messages')
    .values({ conversation_id: conversationId, direction: 'alert', sender: from, recipient: owner, subject, body_text: text, message_id: rfcId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertOutbox(tx, {
    conversation_id: conversationId,
    message_row_id: messageRowId,
    rfc_message_id: rfcId,
    kind: 'alert',
    from_address: from,
    to_address: owner,
    bcc_address: config.outbox.sentCopy && config.address ? config.address : null,
    subject,
    body_text: text,
    next_attempt_at: now,
    created_at: now,
  });
}

export function summarise(view: EmailView, plan: ReplyPlan | null) {
  return {
    machine: view.machine.reason,
    channel: view.channel.channel,
    thread: view.thread.kind,
    answer: view.decision.answer && plan?.reply != null,
    reason: plan?.state === 'ESCALATED' && !plan.reply ? 'escalated' : view.decision.reason,
    shield: plan?.shield.verdict ?? null,
    escalation: plan?.escalation.reasons.map((r) => r.rule) ?? [],
    held: plan?.hold ?? null,
  };
}
