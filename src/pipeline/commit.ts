import type { Config } from '../config/config.js';
import { insertConversation, updateConversation } from '../conversations/conversation.repository.js';
import type { Tx } from '../db/database.js';
import type { Conversation, ConversationUpdate, RawMessage } from '../db/schema.js';
import { finishRaw } from '../intake/raw-message.repository.js';
import { newMessageId } from '../outbound/compose-reply.js';
import { insertOutbox } from '../outbound/outbox.repository.js';
import { composeMonitorCopy } from '../outbound/alerts.js';
import { queueOwnerAlert, queueOwnerMail } from '../outbound/owner-mail.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import type { EmailView } from './inspect.js';
import { describeTransition } from '../conversations/state-machine.js';
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
      intent: plan?.intent?.intent ?? null,
      intent_confidence: plan?.intent?.confidence ?? null,
      intent_source: plan?.intent?.source ?? null,
      transition: plan ? describeTransition(plan.transition) : null,
      action: plan?.transition.action ?? null,
      created_at: now,
    })
    .execute();

  // An answer resets the count of our unanswered replies; a reply queued now is the first again.
  const patch: ConversationUpdate = { ...plan?.conversationPatch, message_count: (existing?.message_count ?? 0) + 1, last_inbound_at: now, updated_at: now, unanswered_replies: 0 };
  let queued = 0;
  if (plan?.reply && view.reply) {
    await queueReply(tx, c, conversationId, plan);
    queued++;
    patch.reply_count = (existing?.reply_count ?? 0) + 1;
    patch.last_outbound_at = now;
    patch.unanswered_replies = 1;
  }
  if (plan?.validationPassed === true) patch.validation_failures = 0;
  if (plan?.validationPassed === false) patch.validation_failures = (existing?.validation_failures ?? 0) + 1;
  await updateConversation(tx, conversationId, patch);

  let alertSkipped = false;
  if (plan?.alert) {
    const alert = { ...plan.alert, conversationId, sender, subject: email.subject, now };
    if (await queueOwnerAlert(tx, config, alert)) queued++;
    else alertSkipped = true;
  }
  const monitor = config.brain.monitorAddress;
  if (monitor && plan) {
    const copy = composeMonitorCopy({
      conversationId,
      sender,
      subject: email.subject,
      inboundText: email.text,
      transition: describeTransition(plan.transition),
      reply: plan.reply && view.reply ? { text: plan.reply.text, status: plan.hold ? 'held' : 'queued', heldReason: plan.hold } : null,
    });
    await queueOwnerMail(tx, config, { conversationId, kind: 'monitor', to: monitor, subject: copy.subject, text: copy.text, now });
    queued++;
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
      cache_read_tokens: draft.cacheReadTokens ?? null,
      cache_creation_tokens: draft.cacheCreationTokens ?? null,
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
    attachment_path: plan.attachmentPath,
    status: plan.hold ? 'held' : 'pending',
    held_reason: plan.hold,
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
    reason: plan?.transition.to === 'ESCALATED' && plan.transition.from !== 'ESCALATED' && !plan.reply ? 'escalated' : view.decision.reason,
    intent: plan?.intent?.intent ?? null,
    transition: plan ? describeTransition(plan.transition) : null,
    action: plan?.transition.action ?? null,
    shield: plan?.shield.verdict ?? null,
    escalation: plan?.escalation.reasons.map((r) => r.rule) ?? [],
    held: plan?.hold ?? null,
  };
}
