import { describe, expect, it } from 'vitest';
import { TERMINAL_STATES, type ConversationState } from '../../../src/db/schema.js';
import { INTENTS, type Intent } from '../../../src/conversations/intents.js';
import { ACTIONS, advance, describeTransition, type Facts } from '../../../src/conversations/state-machine.js';

const STATES: ConversationState[] = [
  'INITIAL', 'ENGAGING', 'QUALIFYING', 'RESUME_REQUESTED', 'RESUME_SENT', 'PII_FISHING', 'PII_PROVIDED',
  'PHONE_REQUESTED', 'STAR_REQUESTED', 'AWAITING_STAR', 'STARRED', 'GHOSTED', 'ESCALATED',
];
const INPUTS: Array<Intent | 'silence'> = [...INTENTS, 'silence'];

/** The usual facts of a turn: a username was given but not starred yet, no PII stall so far. */
const FACTS: Facts = { escalate: false, githubUsername: 'jo-recruits', starVerified: false, piiStalled: false, unansweredReplies: 0, ghostAfter: 4 };

// Columns, in order: initial_contact, qualifying_question, resume_request, pii_request,
// form_request, phone_request, github_username, follow_up, rejection, other, silence.
// "=" means the state does not change.
const TABLE: Record<ConversationState, string[]> = {
  INITIAL: ['ENGAGING/respond', 'ENGAGING/respond', 'ENGAGING/send_resume', 'ENGAGING/respond', 'ENGAGING/respond', 'ENGAGING/respond', 'AWAITING_STAR/check_star', 'ENGAGING/respond', 'GHOSTED/ghost', 'ENGAGING/respond', '=/none'],
  ENGAGING: ['=/respond', 'QUALIFYING/respond', 'RESUME_SENT/send_resume', 'PII_FISHING/respond', 'PII_FISHING/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', 'STAR_REQUESTED/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  QUALIFYING: ['=/respond', '=/respond', 'RESUME_SENT/send_resume', 'PII_FISHING/respond', 'PII_FISHING/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', 'STAR_REQUESTED/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  RESUME_REQUESTED: ['=/respond', 'QUALIFYING/respond', 'RESUME_SENT/send_resume', 'PII_FISHING/respond', 'PII_FISHING/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', 'STAR_REQUESTED/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  RESUME_SENT: ['=/respond', 'QUALIFYING/respond', '=/send_resume', 'PII_FISHING/respond', 'PII_FISHING/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', 'STAR_REQUESTED/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  PII_FISHING: ['=/respond', 'QUALIFYING/respond', 'RESUME_SENT/send_resume', '=/respond', '=/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', 'STAR_REQUESTED/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  PII_PROVIDED: ['=/respond', 'QUALIFYING/respond', 'RESUME_SENT/send_resume', 'PII_FISHING/respond', 'PII_FISHING/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', 'STAR_REQUESTED/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  PHONE_REQUESTED: ['=/respond', '=/respond', '=/send_resume', '=/respond', '=/respond', '=/respond', 'AWAITING_STAR/check_star', '=/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  STAR_REQUESTED: ['=/respond', 'QUALIFYING/respond', 'RESUME_SENT/send_resume', 'PII_FISHING/respond', 'PII_FISHING/respond', 'PHONE_REQUESTED/respond', 'AWAITING_STAR/check_star', '=/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  AWAITING_STAR: ['=/respond', '=/respond', '=/send_resume', '=/respond', '=/respond', '=/respond', '=/check_star', '=/respond', 'GHOSTED/ghost', '=/respond', '=/none'],
  STARRED: Array(11).fill('=/none'),
  GHOSTED: Array(11).fill('=/none'),
  ESCALATED: Array(11).fill('=/none'),
};

const outcome = (state: ConversationState, input: Intent | 'silence', facts: Facts = FACTS): string => {
  const t = advance(state, input, facts);
  return `${t.to === state ? '=' : t.to}/${t.action}`;
};

const nonTerminal = STATES.filter((s) => !TERMINAL_STATES.includes(s));

describe('advance: the full state × intent table', () => {
  it('covers all 13 states and 11 inputs', () => {
    expect(Object.keys(TABLE)).toEqual(STATES);
    for (const row of Object.values(TABLE)) expect(row).toHaveLength(INPUTS.length);
  });

  for (const state of STATES) {
    it(state, () => {
      const actual = INPUTS.map((input) => outcome(state, input));
      expect(Object.fromEntries(INPUTS.map((input, i) => [input, actual[i]]))).toEqual(Object.fromEntries(INPUTS.map((input, i) => [input, TABLE[state][i]])));
    });
  }
});

describe('advance: facts that change the outcome', () => {
  it('a second PII or form request, after the stall, gets fabricated details', () => {
    const stalled = { ...FACTS, piiStalled: true };
    for (const state of ['ENGAGING', 'QUALIFYING', 'RESUME_REQUESTED', 'RESUME_SENT', 'PII_FISHING', 'PII_PROVIDED', 'STAR_REQUESTED'] as const) {
      expect(outcome(state, 'pii_request', stalled)).toBe(state === 'PII_PROVIDED' ? '=/send_pii' : 'PII_PROVIDED/send_pii');
      expect(outcome(state, 'form_request', stalled)).toBe(state === 'PII_PROVIDED' ? '=/send_pii' : 'PII_PROVIDED/send_pii');
    }
    expect(outcome('INITIAL', 'pii_request', stalled)).toBe('ENGAGING/send_pii');
  });

  it('in a gated state the state holds, but PII requests still get the stall, then the details', () => {
    const stalled = { ...FACTS, piiStalled: true };
    expect(outcome('PHONE_REQUESTED', 'pii_request', FACTS)).toBe('=/respond');
    expect(outcome('PHONE_REQUESTED', 'pii_request', stalled)).toBe('=/send_pii');
    expect(outcome('AWAITING_STAR', 'form_request', stalled)).toBe('=/send_pii');
    expect(outcome('PHONE_REQUESTED', 'phone_request', stalled)).toBe('=/respond');
  });

  it('a verified star ends every open conversation in STARRED, with no reply', () => {
    for (const state of nonTerminal) expect(outcome(state, 'github_username', { ...FACTS, starVerified: true })).toBe('STARRED/none');
  });

  it('a github_username turn without a handle asks for it', () => {
    const noHandle = { ...FACTS, githubUsername: null };
    expect(outcome('INITIAL', 'github_username', noHandle)).toBe('ENGAGING/respond');
    expect(outcome('ENGAGING', 'github_username', noHandle)).toBe('STAR_REQUESTED/respond');
    expect(outcome('QUALIFYING', 'github_username', noHandle)).toBe('STAR_REQUESTED/respond');
    expect(outcome('STAR_REQUESTED', 'github_username', noHandle)).toBe('=/respond');
    expect(outcome('PHONE_REQUESTED', 'github_username', noHandle)).toBe('=/respond');
    expect(outcome('AWAITING_STAR', 'github_username', noHandle)).toBe('=/respond');
    expect(advance('ENGAGING', 'github_username', noHandle).reason).toMatch(/handle/);
  });

  it('silence ghosts once the unanswered replies reach the threshold, and not before', () => {
    for (const state of nonTerminal) {
      expect(outcome(state, 'silence', { ...FACTS, unansweredReplies: 3 })).toBe('=/none');
      expect(outcome(state, 'silence', { ...FACTS, unansweredReplies: 4 })).toBe('GHOSTED/ghost');
      expect(outcome(state, 'silence', { ...FACTS, unansweredReplies: 9 })).toBe('GHOSTED/ghost');
      expect(outcome(state, 'silence', { ...FACTS, unansweredReplies: 1, ghostAfter: 1 })).toBe('GHOSTED/ghost');
    }
  });

  it('unanswered replies only matter to the silence tick', () => {
    expect(outcome('ENGAGING', 'qualifying_question', { ...FACTS, unansweredReplies: 10 })).toBe('QUALIFYING/respond');
  });
});

/** Every combination of the facts that are not numbers, with the ghost counter below and at its threshold. */
function* allFacts(): Generator<Facts> {
  for (const escalate of [false, true])
    for (const githubUsername of [null, 'jo-recruits'])
      for (const starVerified of [false, true])
        for (const piiStalled of [false, true])
          for (const unansweredReplies of [0, 4]) yield { escalate, githubUsername, starVerified, piiStalled, unansweredReplies, ghostAfter: 4 };
}

describe('advance: properties over every state, input and combination of facts', () => {
  const all = function* () {
    for (const state of STATES) for (const input of INPUTS) for (const facts of allFacts()) yield { state, input, facts, t: advance(state, input, facts) };
  };

  it('a terminal state never changes and never acts', () => {
    for (const { state, t } of all()) if (TERMINAL_STATES.includes(state)) expect([t.to, t.action]).toEqual([state, 'none']);
  });

  it('escalation wins from every non-terminal state', () => {
    for (const { state, facts, t } of all()) if (!TERMINAL_STATES.includes(state) && facts.escalate) expect([t.to, t.action]).toEqual(['ESCALATED', 'escalate']);
  });

  it('a rejection ghosts every non-terminal conversation unless it escalates', () => {
    for (const { state, input, facts, t } of all()) {
      if (!TERMINAL_STATES.includes(state) && input === 'rejection' && !facts.escalate) expect([t.to, t.action]).toEqual(['GHOSTED', 'ghost']);
    }
  });

  it('answers with a known state and action, names where it came from, and gives a reason', () => {
    for (const { state, t } of all()) {
      expect(STATES).toContain(t.to);
      expect(ACTIONS).toContain(t.action);
      expect(t.from).toBe(state);
      expect(t.reason.length).toBeGreaterThan(0);
    }
  });

  it('never goes back to INITIAL, and reaches STARRED only through a verified star', () => {
    for (const { state, input, facts, t } of all()) {
      if (state !== 'INITIAL') expect(t.to).not.toBe('INITIAL');
      if (t.to === 'STARRED' && state !== 'STARRED') expect([input, facts.starVerified]).toEqual(['github_username', true]);
    }
  });

  it('only the silence tick, and terminal states, stay silent', () => {
    for (const { state, input, t } of all()) {
      if (t.action === 'none') expect(TERMINAL_STATES.includes(state) || input === 'silence' || t.to === 'STARRED').toBe(true);
    }
  });
});

describe('describeTransition', () => {
  it('reads "state A -> B"', () => {
    expect(describeTransition(advance('ENGAGING', 'phone_request', FACTS))).toBe('state ENGAGING -> PHONE_REQUESTED');
    expect(describeTransition(advance('STARRED', 'other', FACTS))).toBe('state STARRED -> STARRED');
  });
});
