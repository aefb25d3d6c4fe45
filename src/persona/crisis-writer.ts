import type { LlmClient } from '../llm/anthropic-client.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { ReplyContext, ReplyDraft } from './reply-writer.js';
import { greetingFor, renderTemplate } from './templates.js';

export interface CrisisWriterDeps {
  template: { name: string; body: string };
  systemPrompt: string;
  /** Only models the owner listed as crisis-safe may write this reply; none listed: the template. */
  safeModels: readonly string[];
  llm: LlmClient | null;
  log: Logger;
}

/**
 * The reply to someone who may be in crisis: no persona, no star push, no fabricated data. A
 * crisis-safe model when one is configured and allowed, otherwise the owner-editable template.
 */
export function createCrisisWriter(deps: CrisisWriterDeps) {
  const fromTemplate = (ctx: ReplyContext, reason: string | null): ReplyDraft => {
    const text = renderTemplate(deps.template.body, { greeting: greetingFor(ctx.recruiterName), ownerName: ctx.ownerName });
    return { text, source: 'template', templateUsed: deps.template.name, aiModel: null, tokensIn: null, tokensOut: null, fallbackReason: reason };
  };

  return async (ctx: ReplyContext, allowModel: boolean): Promise<ReplyDraft> => {
    const model = deps.safeModels[0];
    if (!allowModel || !deps.llm || !model) return fromTemplate(ctx, null);
    const last = ctx.turns.filter((t) => t.role === 'user').at(-1);
    try {
      const out = await deps.llm.complete({
        model,
        system: [{ text: renderTemplate(deps.systemPrompt, { ownerName: ctx.ownerName || 'the owner' }) }],
        messages: [{ role: 'user', text: last?.text ?? '' }],
        temperature: 0.2,
      });
      return { text: out.text, source: 'llm', templateUsed: null, aiModel: out.model, tokensIn: out.tokensIn, tokensOut: out.tokensOut, fallbackReason: null };
    } catch (err) {
      deps.log.warn({ conversationId: ctx.conversationId, reason: errorMessage(err) }, 'crisis-safe model failed, using the crisis template');
      return fromTemplate(ctx, errorMessage(err));
    }
  };
}
