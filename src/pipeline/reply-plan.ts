import type { Config } from '../config/config.js';
import type { Conversation, ConversationState } from '../db/schema.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import type { ReplyContext, ReplyDraft, ReplyWriter, TemplateReplyWriter } from '../persona/reply-writer.js';
import { decideEscalation, type EscalationDecision, type EscalationLists } from '../safety/escalation.js';
import { validateReply, type ValidatorTerms } from '../safety/output-validator.js';
import { screen, stripInjectionMarkup, type ShieldResult } from '../safety/shield/shield.js';
import type { Logger } from '../shared/logger.js';

/** Consecutive drafts failing validation before the conversation is escalated. */
export const MAX_VALIDATION_FAILURES = 3;

export interface ReplyPlan {
  shield: ShieldResult;
  escalation: EscalationDecision;
  reply: ReplyDraft | null;
  /** Set when the reply must wait for the owner instead of being sent. */
  hold: string | null;
  alert: { kind: 'escalation' | 'crisis'; reasons: string[] } | null;
  /** null: the draft was not validated (no reply); true/false: it passed or was replaced. */
  validationPassed: boolean | null;
  validationNotes: string | null;
  state: ConversationState | null;
}

export interface PlanDeps {
  config: Readonly<Config>;
  log: Logger;
  writer: ReplyWriter;
  templates: TemplateReplyWriter;
  crisisWriter: (ctx: ReplyContext, allowModel: boolean) => Promise<ReplyDraft>;
  escalationLists: EscalationLists;
  validatorTerms: ValidatorTerms;
}

/** SHIELD over everything the sender controls: the new text, the HTML, the attachment names. */
export function screenEmail(email: InboundEmail, config: Readonly<Config>): ShieldResult {
  return screen(
    { text: email.text, html: email.html, attachmentNames: email.attachments.map((a) => a.filename ?? '').filter(Boolean) },
    { maxChars: config.safety.shieldMaxChars },
  );
}

/** The escalation rules for this email as the next inbound message of `conversation`. */
export function escalationFor(email: InboundEmail, conversation: Conversation | null, config: Readonly<Config>, lists: EscalationLists): EscalationDecision {
  return decideEscalation(
    {
      text: email.text,
      subject: email.subject,
      senderDomain: email.from?.address.split('@')[1] ?? '',
      inboundCount: (conversation?.message_count ?? 0) + 1,
      maxInbound: config.safety.maxInbound,
    },
    lists,
  );
}

/**
 * Screens, escalates, writes and validates: everything between "this mail deserves an answer"
 * and the commit. Network calls (the model) happen here, never inside the transaction.
 */
export async function planReply(
  deps: PlanDeps,
  email: InboundEmail,
  conversation: Conversation | null,
  context: (opts: { text: string; hardening: boolean }) => Promise<ReplyContext>,
): Promise<ReplyPlan> {
  const { config, log } = deps;
  const shield = screenEmail(email, config);
  const escalation = escalationFor(email, conversation, config, deps.escalationLists);
  const base = { shield, escalation, hold: null, validationNotes: null };
  if (escalation.escalate) {
    return { ...base, reply: null, alert: { kind: 'escalation', reasons: escalation.reasons.map((r) => r.detail) }, validationPassed: null, state: 'ESCALATED' };
  }

  const crisis = shield.verdict === 'CRISIS_DETECTED' || shield.verdict === 'CRISIS_UNDER_ATTACK';
  const jailbreak = shield.verdict === 'JAILBREAK_DETECTED';
  if (shield.verdict === 'CRISIS_UNDER_ATTACK') log.warn({ conversationId: conversation?.id, categories: shield.categories }, 'crisis signals under a jailbreak attempt');
  const ctx = await context({ text: jailbreak || crisis ? stripInjectionMarkup(email.text) : email.text, hardening: jailbreak });
  const draft = crisis ? await deps.crisisWriter(ctx, shield.verdict === 'CRISIS_DETECTED') : await deps.writer.write(ctx);

  const validationCtx = { starVerified: conversation?.star_verified === 1, neverSend: config.safety.neverSend, terms: deps.validatorTerms };
  const result = validateReply(draft.text, validationCtx);
  let reply = draft;
  let notes: string | null = null;
  if (!result.pass) {
    notes = `validation failed: ${result.failures.map((f) => `${f.rule} (${f.detail})`).join('; ')}`;
    log.warn({ conversationId: conversation?.id, rules: result.failures.map((f) => f.rule), source: draft.source }, 'draft failed validation, using template');
    reply = crisis ? await deps.crisisWriter(ctx, false) : await deps.templates.write(ctx, notes);
  }
  // Templates are owner-editable: a template that fails too is held for the owner, never sent.
  const templateCheck = result.pass ? result : validateReply(reply.text, validationCtx);
  const failures = result.pass ? 0 : (conversation?.validation_failures ?? 0) + 1;
  const escalateNow = failures >= MAX_VALIDATION_FAILURES;
  const hold = !templateCheck.pass ? 'the fallback template failed validation' : jailbreak ? 'jailbreak detected: needs review' : null;
  const alert = crisis
    ? { kind: 'crisis' as const, reasons: [`SHIELD: ${shield.verdict} (${shield.categories.join(', ')})`] }
    : escalateNow
      ? { kind: 'escalation' as const, reasons: [`${failures} consecutive drafts failed validation`] }
      : null;
  return {
    ...base,
    escalation: escalateNow ? { escalate: true, reasons: [{ rule: 'validation_failures', detail: `${failures} consecutive drafts failed validation` }] } : escalation,
    reply: { ...reply, fallbackReason: notes ?? reply.fallbackReason },
    hold,
    alert,
    validationPassed: result.pass,
    validationNotes: notes,
    state: escalateNow ? 'ESCALATED' : null,
  };
}
