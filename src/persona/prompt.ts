/**
 * Assembles what the model sees for one reply (DESIGN.md section 4, invariants 4 and 5): the
 * system prompt in four layers, stable first so the provider's prompt cache serves them, and
 * the thread, where the recruiter's words live and only there.
 *
 * Nothing a recruiter wrote is a parameter of buildSystemPrompt: its inputs are the persona
 * files, values computed by code (state, action, counts, the excuse, the fabricated values) and
 * the owner's knowledge entries. That is the structural guarantee behind invariant 5.
 */
import { createHash } from 'node:crypto';
import type { ConversationState } from '../db/schema.js';
import type { ChatTurn, SystemBlock } from '../llm/anthropic-client.js';
import { removeSmuggled } from '../safety/smuggled.js';
import { AppError } from '../shared/errors.js';
import { ACTIVE_STATES, type ActionNote, type ActiveState, type Persona, type StarPushLevel } from './persona.js';
import type { FabricatedPii } from './fabricate.js';
import { mergeTurns } from './reply-writer.js';
import { renderTemplate } from './templates.js';

export type { StarPushLevel } from './persona.js';

/** The state machine's actions (DESIGN.md section 3). */
export type ReplyAction = 'respond' | 'send_resume' | 'send_pii' | 'check_star' | 'escalate' | 'ghost' | 'none';

export interface PromptInput {
  ownerName: string;
  state: ConversationState;
  action: ReplyAction;
  /** 1 for our first reply in this conversation. */
  replyNumber: number;
  /** The recruiter asked for a call or a number (intent phone_request or state PHONE_REQUESTED). */
  callRequested: boolean;
  /** Layer 3, already shaped by the knowledge layer from the owner's entries; '' when none. */
  knowledge: string;
  /** The repository to star; null: no star push layer at all. */
  repo: { owner: string; name: string } | null;
  /** SHIELD flagged an injection attempt: config/prompts/hardening.md goes last. */
  hardening: boolean;
  /** The excuse picked for this email's call request (pickPhoneExcuse); null when it asked for none. */
  phoneExcuse: string | null;
  /**
   * This email asked for a call and every excuse is used (pickPhoneExcuse returned null): offer
   * to handle the right-to-represent paperwork by email instead. Without it or an excuse, a
   * PHONE_REQUESTED conversation's reply keeps the star gate but says nothing new about calls.
   */
  phoneExcusesExhausted?: boolean;
  resumeUrl: string | null;
  /** The resume file is attached to this reply (send_resume with RESUME_FILE). */
  resumeAttached?: boolean;
  /** This conversation's fabricated values, given with send_pii. */
  fabricated: FabricatedPii | null;
  /**
   * This email asks for personal data that this reply does not give yet (the one stall), in
   * whatever state the conversation is: PII_FISHING, or a first email, or a gated state.
   */
  piiStall?: boolean;
}

const NO_REPLY_ACTIONS: readonly ReplyAction[] = ['escalate', 'ghost', 'none'];

/** The state, narrowed: terminal states and the no-reply actions never get a prompt or a template. */
export function replyState(input: Pick<PromptInput, 'state' | 'action'>): ActiveState {
  if (NO_REPLY_ACTIONS.includes(input.action)) throw new AppError('INPUT_INVALID', `action ${input.action} sends no reply`);
  const state = ACTIVE_STATES.find((s) => s === input.state);
  if (!state) throw new AppError('INPUT_INVALID', `state ${input.state} gets no automatic reply`);
  return state;
}

export function starPushLevel(replyNumber: number, callRequested: boolean): StarPushLevel {
  if (!Number.isInteger(replyNumber) || replyNumber < 1) throw new AppError('INPUT_INVALID', `reply number ${replyNumber} is not 1 or more`);
  if (callRequested) return 'gate';
  if (replyNumber === 1) return 'casual';
  return replyNumber <= 3 ? 'direct' : 'firm';
}

function repoUrlOf(repo: PromptInput['repo']): string {
  return repo ? `https://github.com/${repo.owner}/${repo.name}` : '';
}

function ownerFirstName(ownerName: string): string {
  return ownerName.trim().split(/\s+/)[0] || 'the owner';
}

/** Values the persona files may name everywhere (BASE_VARS in persona.ts). */
export function baseVars(input: Pick<PromptInput, 'ownerName' | 'repo'>): Record<string, string> {
  return { ownerName: input.ownerName.trim() || 'the owner', ownerFirstName: ownerFirstName(input.ownerName), repoUrl: repoUrlOf(input.repo) };
}

/**
 * The stable layers render to the same text for every reply of a deployment (only the owner's
 * name and the repository fill them), so each is rendered once per persona and kept: about
 * 10 KB less to build per reply.
 */
const renderedStable = new WeakMap<Persona, Map<string, string>>();

function renderStable(persona: Persona, vars: Record<string, string>, key: string, body: string): string {
  let cache = renderedStable.get(persona);
  if (!cache) renderedStable.set(persona, (cache = new Map()));
  const fullKey = `${key}\u0000${vars.ownerName}\u0000${vars.repoUrl}`;
  let text = cache.get(fullKey);
  if (text === undefined) {
    text = renderTemplate(body, vars);
    cache.set(fullKey, text);
  }
  return text;
}

/** The knowledge text brings its own introduction; the heading only separates it from the layers around it. */
const KNOWLEDGE_HEADING = '# What you know that bears on this email';
const NOTES_HEADING = '# Notes for this reply';

/**
 * Layers in order: 1 persona and 2 state instructions, cache-marked; with a repository, the
 * star objection answers, also cache-marked (the stable part of the star push: stable per
 * deployment, so it sits with the other stable layers instead of after the knowledge, which
 * changes with every email); 3 knowledge; 4 the star push level and the notes for this reply;
 * then the hardening layer. Three cache breakpoints of the four the API allows.
 */
export function buildSystemPrompt(persona: Persona, input: PromptInput): SystemBlock[] {
  const state = replyState(input);
  const vars = baseVars(input);
  const level = starPushLevel(input.replyNumber, input.callRequested);
  const stable = (key: string, body: string) => renderStable(persona, vars, key, body);
  const blocks: SystemBlock[] = [
    { text: stable('core', persona.core), cache: true },
    { text: stable(`state:${state}`, persona.states[state]), cache: true },
  ];
  if (input.repo) blocks.push({ text: stable('objections', persona.starObjections), cache: true });
  const knowledge = input.knowledge.trim();
  if (knowledge !== '') blocks.push({ text: `${KNOWLEDGE_HEADING}\n\n${knowledge}` });
  const push = input.repo ? renderTemplate(persona.starPush[level], vars) : '';
  const perReply = [push, notesLayer(persona, input, vars)].filter((s) => s !== '');
  if (perReply.length > 0) blocks.push({ text: perReply.join('\n\n') });
  if (input.hardening) blocks.push({ text: renderTemplate(persona.hardening, vars) });
  return blocks;
}

/** Which per-reply notes of config/states.md apply; more than one can (a call and a resume). */
function actionNotesFor(input: PromptInput): ActionNote[] {
  const notes: ActionNote[] = [];
  if (input.phoneExcuse) notes.push('phone_deflect');
  else if (input.phoneExcusesExhausted) notes.push('paperwork_offer');
  if (input.action === 'send_resume') {
    if (input.resumeUrl) notes.push('send_resume');
    if (input.resumeAttached) notes.push('resume_attached');
  }
  if (input.action === 'send_pii' && input.fabricated) notes.push('send_pii');
  else if (input.action === 'send_pii' || input.state === 'PII_FISHING' || input.piiStall) notes.push('pii_stall');
  if (input.action === 'check_star' && input.repo) notes.push('check_star');
  return notes;
}

function notesLayer(persona: Persona, input: PromptInput, vars: Record<string, string>): string {
  const notes = actionNotesFor(input);
  if (notes.length === 0) return '';
  const all = { ...vars, ...input.fabricated, phoneExcuse: input.phoneExcuse ?? '', resumeUrl: input.resumeUrl ?? '' };
  return [NOTES_HEADING, ...notes.map((n) => renderTemplate(persona.actionNotes[n], all))].join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// The thread

const TRUNCATION_MARKER = '[The beginning of this email was cut to fit.]';

/**
 * Closing tags inside the text are neutralised so the content cannot end its own wrapper, and text
 * spelt in invisible code points (`removeSmuggled`) is dropped: the model reads only what a person
 * would see.
 */
export function wrapRecruiterText(text: string): string {
  const body = removeSmuggled(text || '(the message has no text)').replace(/<\/?\s*recruiter_email\b[^>]*>/gi, '[tag removed]');
  return `<recruiter_email>\n${body}\n</recruiter_email>`;
}

/**
 * About four characters per token, the usual figure for English text with Claude's and
 * similar tokenisers; rounded up. Good enough to size a budget and to compare layers, not
 * to bill: the API reports real counts per message.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The conversation as Messages API turns: recruiter mail wrapped as untrusted, our replies as
 * assistant turns, alternating from a user turn, ending at the latest recruiter email (replies
 * after it would read as a half-written answer to continue). Oldest turns go first when the
 * budget is short; the latest recruiter email always stays, cut from the top if it alone is
 * too long. mergeTurns' "\n\n" joins are counted as a token each.
 */
export function buildThread(history: Array<{ role: 'user' | 'assistant'; text: string }>, budgetTokens: number): ChatTurn[] {
  let last = history.length - 1;
  while (last >= 0 && history[last]!.role !== 'user') last--;
  if (last < 0) throw new AppError('INPUT_INVALID', 'the thread has no recruiter email to answer');

  const latest = fitLatest(history[last]!.text, budgetTokens);
  const kept: ChatTurn[] = [{ role: 'user', text: latest }];
  let used = estimateTokens(latest);
  for (let i = last - 1; i >= 0; i--) {
    const h = history[i]!;
    const text = h.role === 'user' ? wrapRecruiterText(h.text) : h.text || '(no text)';
    const cost = estimateTokens(text) + 1;
    if (used + cost > budgetTokens) break;
    kept.unshift({ role: h.role, text });
    used += cost;
  }
  return mergeTurns(kept);
}

function fitLatest(text: string, budgetTokens: number): string {
  const whole = wrapRecruiterText(text);
  if (estimateTokens(whole) <= budgetTokens) return whole;
  const overhead = wrapRecruiterText(`${TRUNCATION_MARKER}\n`).length;
  let keep = Math.max(0, budgetTokens * 4 - overhead);
  for (;;) {
    let tail = keep > 0 ? text.slice(-keep) : '';
    if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1); // never start on half a surrogate pair
    const cut = wrapRecruiterText(`${TRUNCATION_MARKER}\n${tail}`);
    if (estimateTokens(cut) <= budgetTokens || keep === 0) return cut;
    keep = Math.max(0, keep - 4 * (estimateTokens(cut) - budgetTokens));
  }
}

// ---------------------------------------------------------------------------------------------
// Phone excuses and the cache figure

/**
 * Each conversation walks the list from its own starting point (from the seed, e.g. the
 * conversation id), so two recruiters at the same company do not hear the same excuse in the
 * same order; an index in `used` is never picked again. null: all used, offer the paperwork.
 */
export function pickPhoneExcuse(persona: Persona, used: number[], seed: string): { index: number; text: string } | null {
  const n = persona.phoneExcuses.length;
  const taken = new Set(used);
  const start = createHash('sha256').update(seed).digest().readUInt32BE(0) % n;
  for (let k = 0; k < n; k++) {
    const index = (start + k) % n;
    if (!taken.has(index)) return { index, text: persona.phoneExcuses[index]! };
  }
  return null;
}

/**
 * Share of the estimated input tokens that the provider can serve from its cache: everything
 * up to and including the last cache-marked block (the provider caches the prefix ending at a
 * marker), over system blocks plus thread.
 */
export function stablePromptShare(blocks: SystemBlock[], thread: ChatTurn[]): number {
  const lastMarked = blocks.findLastIndex((b) => b.cache === true);
  const stable = blocks.slice(0, lastMarked + 1).reduce((sum, b) => sum + estimateTokens(b.text), 0);
  const total =
    blocks.reduce((sum, b) => sum + estimateTokens(b.text), 0) + thread.reduce((sum, t) => sum + estimateTokens(t.text), 0);
  return total === 0 ? 0 : stable / total;
}
