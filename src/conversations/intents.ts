/**
 * The ten things a recruiter's email can be doing (DESIGN.md section 3). The state machine
 * branches on them, so both classifiers (the model and the keyword rules) answer with exactly
 * this list and nothing else.
 */
export const INTENTS = [
  'initial_contact',
  'qualifying_question',
  'resume_request',
  'pii_request',
  'form_request',
  'phone_request',
  'github_username',
  'follow_up',
  'rejection',
  'other',
] as const;

export type Intent = (typeof INTENTS)[number];

/** What a classifier may look at: the new text only, never headers or quoted history. */
export interface IntentInput {
  subject: string;
  text: string;
  /** the mail replies to something (In-Reply-To/References or "Re:") */
  isReply: boolean;
}

export interface IntentResult {
  intent: Intent;
  confidence: number;
  source: 'llm' | 'keywords';
  /** why the keyword classifier decided when the LLM was asked */
  fallbackReason: string | null;
  /**
   * The model's second opinion on the writer's safety: true when it reads the email as the writer
   * saying or implying that they may kill or hurt themselves. Always false from the keyword rules.
   */
  selfHarmRisk?: boolean;
  /**
   * The model's second opinion on an injection: true when it reads part of the email as aimed at
   * the AI answering it rather than at the candidate. Always false from the keyword rules.
   */
  injectionAttempt?: boolean;
}

export function isIntent(value: unknown): value is Intent {
  return typeof value === 'string' && (INTENTS as readonly string[]).includes(value);
}
