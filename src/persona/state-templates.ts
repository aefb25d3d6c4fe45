/**
 * Replies without a model (AI off, or the model failed or wrote a draft the validator refused):
 * the template that fits this reply's action and state, filled with values from config and
 * code. The recruiter's first name (only when it looks like one) and the subject are the
 * exceptions, there for owners who want them; the shipped templates use only the greeting.
 */
import type { Persona, StateTemplateName } from './persona.js';
import { baseVars, replyState, starPushLevel, type PromptInput } from './prompt.js';
import { firstName, greetingFor, pickReplyTemplate, renderTemplate } from './templates.js';

export type TemplateInput = PromptInput & { recruiterName: string; subject: string };

export function renderReplyTemplate(persona: Persona, input: TemplateInput): { name: string; text: string } {
  replyState(input);
  const level = starPushLevel(input.replyNumber, input.callRequested);
  const starPush = input.repo ? renderTemplate(persona.templates[`star-push-${level}`], baseVars(input)) : '';
  const vars = {
    ...baseVars(input),
    ...input.fabricated,
    greeting: greetingFor(input.recruiterName),
    recruiterName: firstName(input.recruiterName),
    subject: input.subject,
    starPush,
    phoneExcuse: input.phoneExcuse ?? '',
    resumeUrl: input.resumeUrl ?? '',
  };
  const name = templateFor(input);
  if (name) return { name, text: tidy(renderTemplate(persona.templates[name], vars)) };

  const plain = pickReplyTemplate({ replies: persona.replies }, input.replyNumber);
  const text = tidy(renderTemplate(plain.body, vars));
  if (!starPush) return { name: plain.name, text };
  return { name: `${plain.name}+star-push-${level}`, text: beforeSignOff(text, starPush) };
}

/** Null: a plain reply-<n>.txt with the star push sentence for its level (the gate after a call request). */
function templateFor(input: TemplateInput): StateTemplateName | null {
  if (input.phoneExcuse) return 'phone-deflect';
  if (input.phoneExcusesExhausted) return 'paperwork-offer';
  if (input.action === 'send_pii') return input.fabricated ? 'pii-provide' : 'pii-stall';
  if (input.state === 'PII_FISHING' || input.piiStall) return 'pii-stall';
  if (input.action === 'send_resume' && input.resumeUrl) return 'resume';
  if (input.action === 'send_resume' && input.resumeAttached) return 'resume-attached';
  if (input.repo && (input.action === 'check_star' || input.state === 'AWAITING_STAR')) return 'star-reminder';
  if (input.repo && input.state === 'STAR_REQUESTED') return 'username-ask';
  return null;
}

/** reply-<n>.txt end with a sign-off paragraph; the sentence goes just above it. */
function beforeSignOff(text: string, sentence: string): string {
  const paragraphs = text.split(/\n{2,}/);
  if (paragraphs.length < 2) return `${text}\n\n${sentence}`;
  paragraphs.splice(paragraphs.length - 1, 0, sentence);
  return paragraphs.join('\n\n');
}

/** An empty placeholder leaves its blank lines behind. */
function tidy(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n');
}

