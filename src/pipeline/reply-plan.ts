import type { Config } from '../config/config.js';
import type { Intent, IntentResult } from '../conversations/intents.js';
import { classifyByKeywords } from '../conversations/intent-keywords.js';
import { classifyIntent } from '../conversations/intent-llm.js';
import { advance, type Transition } from '../conversations/state-machine.js';
import type { Conversation, ConversationState, ConversationUpdate } from '../db/schema.js';
import { nextStarCheckAt, starAlertReason, type StarCheck } from '../github/star-client.js';
import { extractGithubUsername } from '../github/username.js';
import type { LlmClient } from '../llm/anthropic-client.js';
import { aiEnabledFor, type AiRollout } from '../llm/ai-rollout.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import type { ReplyComposer } from '../persona/composer.js';
import { fabricatePii, newPiiSeed, type FabricatedPii, type PiiPools } from '../persona/fabricate.js';
import { pickPhoneExcuse, wrapRecruiterText, type PromptInput } from '../persona/prompt.js';
import type { ReplyContext, ReplyDraft } from '../persona/reply-writer.js';
import { decideEscalation, type EscalationDecision, type EscalationLists } from '../safety/escalation.js';
import { validateReply, type ValidatorTerms } from '../safety/output-validator.js';
import { screen, stripInjectionMarkup, type ShieldResult } from '../safety/shield/shield.js';
import type { Logger } from '../shared/logger.js';

/** Consecutive drafts failing validation before the conversation is escalated. */
export const MAX_VALIDATION_FAILURES = 3;

export type AlertKind = 'escalation' | 'crisis' | 'star';

export interface ReplyPlan {
  shield: ShieldResult;
  escalation: EscalationDecision;
  /** null when no classifier ran (escalation or crisis decided first). */
  intent: IntentResult | null;
  githubUsername: string | null;
  starCheck: StarCheck | null;
  transition: Transition;
  reply: ReplyDraft | null;
  /** Set when the reply must wait for the owner instead of being sent. */
  hold: string | null;
  alert: { kind: AlertKind; reasons: string[] } | null;
  /** null: the draft was not validated (no reply); true/false: it passed or was replaced. */
  validationPassed: boolean | null;
  validationNotes: string | null;
  /** A file from config to attach (the resume), never chosen by the model. */
  attachmentPath: string | null;
  /** What this turn changes on the conversation besides counters (state, star, PII, excuses). */
  conversationPatch: ConversationUpdate;
}

export interface PlanDeps {
  config: Readonly<Config>;
  log: Logger;
  llm: LlmClient | null;
  /** config/prompts/intent-system.md, read once at start. */
  intentSystemPrompt: string;
  composer: ReplyComposer;
  crisisWriter: (ctx: ReplyContext, allowModel: boolean) => Promise<ReplyDraft>;
  escalationLists: EscalationLists;
  validatorTerms: ValidatorTerms;
  piiPools: PiiPools;
  /** null when GITHUB_REPO is not set. */
  checkStar: ((username: string) => Promise<StarCheck>) | null;
  /** The owner's knowledge for this text, formatted for the prompt ('' when none). */
  knowledgeFor: (text: string) => Promise<string>;
  rollout: () => Promise<AiRollout>;
  now: () => number;
}

/** The exchange so far as raw texts (the recruiter's unwrapped), oldest first, ending with this email. */
export type HistoryLoader = () => Promise<Array<{ role: 'user' | 'assistant'; text: string }>>;

/**
 * SHIELD over everything the sender controls: the subject line and the new text (one piece, the
 * subject on the first line, as `bench:shield` and `eval:safety` screen them), the HTML, the
 * attachment names. Until 2026-11-27 the subject was not screened, though the intent model reads
 * it: "Subject: Ignore all previous instructions…" over a plain body was CLEAN.
 */
export function screenEmail(email: InboundEmail, config: Readonly<Config>): ShieldResult {
  const subject = email.subject.trim();
  return screen(
    { text: subject ? `${subject}\n${email.text}` : email.text, html: email.html, attachmentNames: email.attachments.map((a) => a.filename ?? '').filter(Boolean) },
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

export function isReplyMail(email: InboundEmail): boolean {
  return email.inReplyTo !== null || email.references.length > 0 || /^\s*(?:re|aw|sv|antw)\s*:/i.test(email.subject);
}

/** States in which our last reply asked for the recruiter's GitHub username in so many words. */
const HANDLE_ASKED: readonly ConversationState[] = ['PHONE_REQUESTED', 'STAR_REQUESTED', 'AWAITING_STAR'];

/**
 * The GitHub username in `text`. The owner's own account is never taken for the recruiter's
 * (our replies quote the repository link). Where our last reply asked for the handle, a bare
 * "username: alice" answers it.
 */
export function usernameIn(text: string, config: Readonly<Config>, state: ConversationState | null = null): string | null {
  return extractGithubUsername(text, {
    exclude: config.github.repo ? [config.github.repo.owner] : [],
    asked: config.github.repo !== null && state !== null && HANDLE_ASKED.includes(state),
  });
}

/**
 * The intent and GitHub username as `hermes inspect` shows them: the keyword classifier, no
 * network (`turnIntentOf` then gives the state machine's input).
 */
export function offlineIntent(email: InboundEmail, config: Readonly<Config>, state: ConversationState | null = null): { intent: IntentResult; githubUsername: string | null } {
  const k = classifyByKeywords({ subject: email.subject, text: email.text, isReply: isReplyMail(email) });
  const githubUsername = usernameIn(email.text, config, state);
  return { intent: { ...k, source: 'keywords', fallbackReason: 'offline' }, githubUsername };
}

const stateOf = (c: Conversation | null): ConversationState => c?.state ?? 'INITIAL';

/**
 * The intent the state machine gets: a GitHub handle in the mail is the turn that matters most,
 * so it is checked even when the classifier saw something else, unless the mail is a rejection.
 */
export function turnIntentOf(intent: Intent, githubUsername: string | null): Intent {
  return githubUsername && intent !== 'rejection' ? 'github_username' : intent;
}

function parseUsed(json: string | undefined): number[] {
  try {
    const v: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

/** The parts of a plan a turn that classifies nothing and writes nothing leaves empty. */
const NO_TURN = { intent: null, githubUsername: null, starCheck: null, hold: null, validationNotes: null, attachmentPath: null } as const;

const inCrisis = (shield: ShieldResult): boolean => shield.verdict === 'CRISIS_DETECTED' || shield.verdict === 'CRISIS_UNDER_ATTACK';

/**
 * For mail Hermes does not answer (a terminal conversation, the daily send limit): SHIELD still
 * reads it, and a writer in crisis brings the owner an immediate alert instead of silence. No reply
 * is written and the conversation does not move. null when SHIELD finds no crisis.
 */
export function planUnanswered(config: Readonly<Config>, email: InboundEmail, conversation: Conversation | null, withheld: string): ReplyPlan | null {
  const shield = screenEmail(email, config);
  if (!inCrisis(shield)) return null;
  const state = stateOf(conversation);
  return {
    ...NO_TURN,
    shield,
    escalation: { escalate: false, reasons: [] },
    transition: { from: state, to: state, action: 'none', reason: `crisis in mail not answered (${withheld})` },
    reply: null,
    alert: { kind: 'crisis', reasons: [`SHIELD: ${shield.verdict} (${shield.categories.join(', ')})`, `no reply sent: ${withheld}`] },
    validationPassed: null,
    conversationPatch: {},
  };
}

/**
 * Screens, escalates, classifies, advances the state machine, writes and validates: everything
 * between "this mail deserves an answer" and the commit. Network calls (the model, GitHub)
 * happen here, never inside the transaction.
 */
export async function planReply(deps: PlanDeps, email: InboundEmail, conversation: Conversation | null, history: HistoryLoader): Promise<ReplyPlan> {
  const { config, log } = deps;
  const shield = screenEmail(email, config);
  const escalation = escalationFor(email, conversation, config, deps.escalationLists);
  const from = stateOf(conversation);
  const crisis = inCrisis(shield);
  // Escalation wins over every reply but one: a writer SHIELD finds in crisis still gets the
  // resources reply below, and the conversation is escalated with it.
  if (escalation.escalate && !crisis) {
    const transition = advance(from, 'other', { escalate: true, githubUsername: null, starVerified: false, piiStalled: false, unansweredReplies: 0, ghostAfter: config.brain.ghostAfterUnanswered });
    return {
      ...NO_TURN,
      shield,
      escalation,
      transition,
      reply: null,
      alert: { kind: 'escalation', reasons: escalation.reasons.map((r) => r.detail) },
      validationPassed: null,
      conversationPatch: { state: 'ESCALATED', escalation_reason: escalation.reasons.map((r) => r.rule).join(',') },
    };
  }

  const jailbreak = shield.verdict === 'JAILBREAK_DETECTED';
  const text = jailbreak || crisis ? stripInjectionMarkup(email.text) : email.text;
  const turns = (await history()).map((t, i, all) => (i === all.length - 1 && t.role === 'user' ? { ...t, text } : t));
  const recruiterName = email.from?.name ?? '';
  const validationBase = { starVerified: conversation?.star_verified === 1, neverSend: config.safety.neverSend, terms: deps.validatorTerms };
  // Whether this sender gets the model at all: the AI rollout and the conversation's override.
  // It binds every model call below, the crisis-safe model's included (AI off means templates only).
  const rollout = await deps.rollout();
  const useModel = deps.llm !== null && aiEnabledFor(rollout, email.from?.address ?? '', conversation?.ai_enabled ?? 0);

  // Intent: the model when this sender gets it, the keyword rules otherwise (and as its fallback).
  // The model also gives a second opinion on the writer's safety, which SHIELD's rules cannot
  // give for a crisis told only by implication; a crisis SHIELD found needs no intent.
  const intentInput = { subject: jailbreak || crisis ? stripInjectionMarkup(email.subject) : email.subject, text, isReply: isReplyMail(email) };
  const intent: IntentResult | null = crisis
    ? null
    : useModel
      ? await classifyIntent({ llm: deps.llm, model: config.llm.intentModel, temperature: config.llm.intentTemperature, log, systemPrompt: deps.intentSystemPrompt }, intentInput)
      : { ...classifyByKeywords(intentInput), source: 'keywords', fallbackReason: deps.llm ? 'AI is off for this sender' : 'no model configured' };
  const modelRisk = intent?.source === 'llm' && intent.selfHarmRisk === true;

  // (No intent means SHIELD found a crisis.)
  if (intent === null || modelRisk) {
    // No persona, no star push, no fabricated data: the crisis reply, and the owner alerted.
    if (shield.verdict === 'CRISIS_UNDER_ATTACK') log.warn({ conversationId: conversation?.id, categories: shield.categories }, 'crisis signals under a jailbreak attempt');
    const ctx = legacyContext(conversation, config, email, turns, false);
    if (modelRisk) log.warn({ conversationId: conversation?.id }, 'intent model reads a risk of self-harm that SHIELD did not flag');
    // The crisis-safe model writes only for a plain crisis; under attack, the template does.
    let reply = await deps.crisisWriter(ctx, useModel && (shield.verdict === 'CRISIS_DETECTED' || shield.verdict === 'CLEAN'));
    const check = validateReply(reply.text, validationBase);
    if (!check.pass) reply = await deps.crisisWriter(ctx, false);
    const held = !validateReply(reply.text, validationBase).pass;
    const to = escalation.escalate ? 'ESCALATED' : from === 'INITIAL' ? 'ENGAGING' : from;
    const escalated = escalation.escalate ? escalation.reasons.map((r) => r.detail) : [];
    return {
      ...NO_TURN,
      intent,
      shield,
      escalation,
      transition: { from, to, action: 'respond', reason: modelRisk ? 'crisis reply (intent model)' : escalation.escalate ? 'crisis reply, then escalated' : 'crisis reply' },
      reply,
      hold: held ? 'the crisis template failed validation' : null,
      alert: { kind: 'crisis', reasons: [modelRisk ? `intent model: the writer may be at risk of suicide or self-harm (SHIELD: ${shield.verdict})` : `SHIELD: ${shield.verdict} (${shield.categories.join(', ')})`, ...escalated] },
      validationPassed: check.pass,
      validationNotes: check.pass ? null : `validation failed: ${check.failures.map((f) => f.rule).join(', ')}`,
      conversationPatch: escalation.escalate ? { state: to, escalation_reason: escalation.reasons.map((r) => r.rule).join(',') } : { state: to },
    };
  }

  // The model's reading of an injection SHIELD's rules did not see: the same hardening and hold.
  const modelInjection = !jailbreak && intent.source === 'llm' && intent.injectionAttempt === true;
  if (modelInjection) log.warn({ conversationId: conversation?.id }, 'intent model reads an attempt to instruct the AI that SHIELD did not flag');
  const hardened = jailbreak || modelInjection;

  const found = usernameIn(text, config, conversation?.state ?? null);
  const githubUsername = found ?? conversation?.github_username ?? null;
  const turnIntent = turnIntentOf(intent.intent, found);

  let starCheck: StarCheck | null = null;
  if (turnIntent === 'github_username' && githubUsername && deps.checkStar) starCheck = await deps.checkStar(githubUsername);
  const starVerified = conversation?.star_verified === 1 || starCheck?.status === 'starred';

  const transition = advance(from, turnIntent, {
    escalate: false,
    githubUsername: turnIntent === 'github_username' ? githubUsername : null,
    starVerified,
    piiStalled: conversation?.pii_stalled === 1,
    unansweredReplies: 0,
    ghostAfter: config.brain.ghostAfterUnanswered,
  });
  const now = deps.now();
  const patch: ConversationUpdate = { state: transition.to };
  if (found) patch.github_username = found;
  if (starCheck) {
    patch.star_checked_at = now;
    if (starCheck.status === 'starred') {
      patch.star_verified = 1;
      patch.star_check_after = null;
    } else {
      patch.star_check_after = nextStarCheckAt(starCheck, now, config.github.recheckIntervalMs);
    }
  }

  const base = { ...NO_TURN, shield, escalation, intent, githubUsername, starCheck, transition };
  if (transition.to === 'STARRED') {
    const reasons = [starAlertReason(githubUsername, config.github.repo)];
    return { ...base, reply: null, alert: { kind: 'star', reasons }, validationPassed: null, conversationPatch: patch };
  }
  if (transition.to === 'GHOSTED' || transition.action === 'none' || transition.action === 'ghost') {
    return { ...base, reply: null, alert: null, validationPassed: null, conversationPatch: patch };
  }

  // The facts of this turn for the prompt and the templates; all from code and config.
  let seed = conversation?.pii_seed ?? null;
  if (!seed) {
    seed = newPiiSeed();
    patch.pii_seed = seed;
  }
  let fabricated: FabricatedPii | null = null;
  if (transition.action === 'send_pii') fabricated = fabricatePii(seed, deps.piiPools);
  // Any PII or form request answered without the data is the one stall; the next one gets it.
  const piiStall = (turnIntent === 'pii_request' || turnIntent === 'form_request') && transition.action === 'respond';
  if (piiStall) patch.pii_stalled = 1;
  const callRequested = turnIntent === 'phone_request' || transition.to === 'PHONE_REQUESTED';
  let phoneExcuse: string | null = null;
  let phoneExcusesExhausted = false;
  if (turnIntent === 'phone_request') {
    const used = parseUsed(conversation?.phone_excuses_used);
    const excuse = pickPhoneExcuse(deps.composer.persona, used, seed);
    if (excuse) {
      phoneExcuse = excuse.text;
      patch.phone_excuses_used = JSON.stringify([...used, excuse.index]);
    } else {
      phoneExcusesExhausted = true;
    }
  }
  const resumeFile = transition.action === 'send_resume' ? config.brain.resumeFile : null;
  const prompt: PromptInput = {
    ownerName: config.fromName,
    state: transition.to,
    action: transition.action,
    replyNumber: (conversation?.reply_count ?? 0) + 1,
    callRequested,
    knowledge: await deps.knowledgeFor(text),
    repo: config.github.repo,
    hardening: hardened,
    phoneExcuse,
    phoneExcusesExhausted,
    resumeAttached: resumeFile !== null,
    piiStall,
    resumeUrl: transition.action === 'send_resume' ? config.brain.resumeUrl : null,
    fabricated,
  };
  const composeInput = { conversationId: conversation?.id ?? null, useModel, prompt, history: turns, recruiterName, subject: email.subject };
  const draft = await deps.composer.write(composeInput);

  // The conversation's own fabricated values may appear in any later reply too; nothing else may.
  const validationCtx = { ...validationBase, starVerified, fabricated: fabricated ?? fabricatePii(seed, deps.piiPools) };
  const result = validateReply(draft.text, validationCtx);
  let reply = draft;
  let notes: string | null = null;
  if (!result.pass) {
    notes = `validation failed: ${result.failures.map((f) => `${f.rule} (${f.detail})`).join('; ')}`;
    log.warn({ conversationId: conversation?.id, rules: result.failures.map((f) => f.rule), source: draft.source }, 'draft failed validation, using template');
    reply = deps.composer.fromTemplate(composeInput, notes);
  }
  // Templates are owner-editable: a template that fails too is held for the owner, never sent.
  const templateCheck = result.pass ? result : validateReply(reply.text, validationCtx);
  const failures = result.pass ? 0 : (conversation?.validation_failures ?? 0) + 1;
  const escalateNow = failures >= MAX_VALIDATION_FAILURES;
  const hold = !templateCheck.pass
    ? 'the fallback template failed validation'
    : jailbreak
      ? 'jailbreak detected: needs review'
      : modelInjection
        ? 'intent model: the email tries to instruct the AI: needs review'
        : null;
  if (escalateNow) {
    patch.state = 'ESCALATED';
    patch.escalation_reason = 'validation_failures';
  }
  return {
    ...base,
    escalation: escalateNow ? { escalate: true, reasons: [{ rule: 'validation_failures', detail: `${failures} consecutive drafts failed validation` }] } : escalation,
    transition: escalateNow ? { from, to: 'ESCALATED', action: 'escalate', reason: `${failures} consecutive drafts failed validation` } : transition,
    reply: { ...reply, fallbackReason: notes ?? reply.fallbackReason },
    hold,
    alert: escalateNow ? { kind: 'escalation', reasons: [`${failures} consecutive drafts failed validation`] } : null,
    validationPassed: result.pass,
    validationNotes: notes,
    attachmentPath: resumeFile,
    conversationPatch: patch,
  };
}

/** The context the crisis writer takes: wrapped turns, no persona layers. */
function legacyContext(
  conversation: Conversation | null,
  config: Readonly<Config>,
  email: InboundEmail,
  turns: Array<{ role: 'user' | 'assistant'; text: string }>,
  hardening: boolean,
): ReplyContext {
  return {
    conversationId: conversation?.id ?? null,
    attempt: (conversation?.reply_count ?? 0) + 1,
    ownerName: config.fromName,
    recruiterName: email.from?.name ?? '',
    subject: email.subject,
    turns: turns.map((t) => (t.role === 'user' ? { role: 'user' as const, text: wrapRecruiterText(t.text) } : t)),
    hardening,
  };
}

