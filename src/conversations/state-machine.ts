import { TERMINAL_STATES, type ConversationState } from '../db/schema.js';
import type { Intent } from './intents.js';

/**
 * What the caller does after a transition (DESIGN.md section 3). The machine only decides;
 * sending, fabricating and checking stars happen in the pipeline.
 */
export const ACTIONS = ['respond', 'send_resume', 'send_pii', 'check_star', 'escalate', 'ghost', 'none'] as const;

export type Action = (typeof ACTIONS)[number];

/** Everything besides the intent that a transition depends on, gathered by the caller beforehand. */
export interface Facts {
  /** Escalation rules fired (always wins). */
  escalate: boolean;
  /** Extracted from this email (or known from earlier). */
  githubUsername: string | null;
  /** The star check, done by the caller before advance, said starred. */
  starVerified: boolean;
  /** This conversation already stalled a PII request once. */
  piiStalled: boolean;
  /** Our replies in a row without an answer, for the scheduler's ghost check. */
  unansweredReplies: number;
  /** GHOST_AFTER_UNANSWERED (default 4). */
  ghostAfter: number;
}

export interface Transition {
  from: ConversationState;
  to: ConversationState;
  action: Action;
  reason: string;
}

/**
 * States that hold the star gate: once a call was asked for, or a username is waiting for its
 * star, the state stays until a username arrives, and every reply carries the star reminder.
 */
const GATED: readonly ConversationState[] = ['PHONE_REQUESTED', 'AWAITING_STAR'];

const isTerminal = (s: ConversationState): boolean => TERMINAL_STATES.includes(s);

/**
 * The conversation's next state and what to do about the email (or the scheduler's silence
 * tick). Pure, so every state × intent pair is pinned by a table test; docs/conversation.md
 * has the table and the reasons behind each choice.
 */
export function advance(state: ConversationState, intent: Intent | 'silence', facts: Facts): Transition {
  const go = (to: ConversationState, action: Action, reason: string): Transition => ({ from: state, to, action, reason });

  if (isTerminal(state)) return go(state, 'none', 'terminal state');
  if (facts.escalate) return go('ESCALATED', 'escalate', 'escalation rules fired');
  if (intent === 'silence') {
    return facts.unansweredReplies >= facts.ghostAfter
      ? go('GHOSTED', 'ghost', `${facts.unansweredReplies} replies unanswered`)
      : go(state, 'none', 'still waiting for an answer');
  }
  if (intent === 'rejection') return go('GHOSTED', 'ghost', 'the recruiter rejected');
  if (intent === 'github_username') return onUsername(state, facts, go);

  if (GATED.includes(state)) {
    // The state holds until a username, but a resume or personal-data request still gets what it
    // would get anywhere else (the resume, the stall, then the fabricated details).
    if (intent === 'resume_request' || intent === 'pii_request' || intent === 'form_request') {
      const next = branch(state, intent, facts);
      return go(state, next.action, `star gate holds; ${next.reason}`);
    }
    return go(state, 'respond', 'star gate holds until a GitHub username');
  }

  if (state === 'INITIAL') {
    // First contact always opens the conversation; the intent only picks what to do now.
    const { action } = branch('ENGAGING', intent, facts);
    return go('ENGAGING', action, `first email (${intent})`);
  }
  const next = branch(state, intent, facts);
  return go(next.to, next.action, next.reason);
}

type Go = (to: ConversationState, action: Action, reason: string) => Transition;

function onUsername(state: ConversationState, facts: Facts, go: Go): Transition {
  if (facts.starVerified) return go('STARRED', 'none', 'star verified');
  if (facts.githubUsername) return go('AWAITING_STAR', 'check_star', 'username given, star not seen yet');
  // They say they starred or mention GitHub without a handle we can check: ask for it.
  const to = state === 'INITIAL' ? 'ENGAGING' : GATED.includes(state) ? state : 'STAR_REQUESTED';
  return go(to, 'respond', 'no checkable username: ask for the exact handle');
}

/** The open states (ENGAGING through STAR_REQUESTED) branch on the intent alone. */
function branch(state: ConversationState, intent: Exclude<Intent, 'rejection' | 'github_username'>, facts: Facts): Omit<Transition, 'from'> {
  switch (intent) {
    case 'qualifying_question':
      return { to: 'QUALIFYING', action: 'respond', reason: 'answer the screening questions' };
    case 'resume_request':
      // Sent at once: RESUME_REQUESTED would only be a waiting room with nothing to wait for.
      return { to: 'RESUME_SENT', action: 'send_resume', reason: 'resume requested' };
    case 'pii_request':
    case 'form_request':
      return facts.piiStalled
        ? { to: 'PII_PROVIDED', action: 'send_pii', reason: 'asked again after a stall: fabricated details' }
        : { to: 'PII_FISHING', action: 'respond', reason: 'first ask for personal details: stall' };
    case 'phone_request':
      return { to: 'PHONE_REQUESTED', action: 'respond', reason: 'call requested: excuse and star gate' };
    case 'follow_up':
      // Being chased for the next step is the moment to name the star as that step.
      return { to: 'STAR_REQUESTED', action: 'respond', reason: 'follow-up: explicit star request' };
    case 'initial_contact':
    case 'other':
      return { to: state, action: 'respond', reason: `${intent}: keep the conversation going` };
  }
}

/** The log message DESIGN.md asks for, "state A -> B"; the caller binds the conversation id. */
export function describeTransition(t: Transition): string {
  return `state ${t.from} -> ${t.to}`;
}
