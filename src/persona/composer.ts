import type { LlmClient } from '../llm/anthropic-client.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { Persona } from './persona.js';
import { buildSystemPrompt, buildThread, type PromptInput } from './prompt.js';
import type { ReplyDraft } from './reply-writer.js';
import { renderReplyTemplate } from './state-templates.js';

export interface ComposeInput {
  conversationId: number | null;
  /** The model writes this reply (the AI rollout and the conversation's override said so, and a client exists). */
  useModel: boolean;
  prompt: PromptInput;
  /** The exchange so far, oldest first, raw texts; the last entry is the email being answered. */
  history: Array<{ role: 'user' | 'assistant'; text: string }>;
  recruiterName: string;
  subject: string;
}

/**
 * Writes the reply for a state and action: the model with the four-layer system prompt and the
 * thread as turns, or the owner's template for that action when the model is off or fails.
 */
export class ReplyComposer {
  constructor(
    private readonly deps: { llm: LlmClient | null; persona: Persona; threadTokenBudget: number; log: Logger },
  ) {}

  get persona(): Persona {
    return this.deps.persona;
  }

  async write(input: ComposeInput): Promise<ReplyDraft> {
    const { llm } = this.deps;
    if (!input.useModel || !llm) return this.fromTemplate(input, null);
    try {
      const out = await llm.complete({
        system: buildSystemPrompt(this.deps.persona, input.prompt),
        messages: buildThread(input.history, this.deps.threadTokenBudget),
      });
      return {
        text: out.text,
        source: 'llm',
        templateUsed: null,
        aiModel: out.model,
        tokensIn: out.tokensIn,
        tokensOut: out.tokensOut,
        cacheReadTokens: out.cacheReadTokens,
        cacheCreationTokens: out.cacheCreationTokens,
        fallbackReason: null,
      };
    } catch (err) {
      const reason = errorMessage(err);
      this.deps.log.warn({ conversationId: input.conversationId, reason }, 'model reply failed, using template');
      return this.fromTemplate(input, reason);
    }
  }

  fromTemplate(input: ComposeInput, fallbackReason: string | null): ReplyDraft {
    const t = renderReplyTemplate(this.deps.persona, { ...input.prompt, recruiterName: input.recruiterName, subject: input.subject });
    return { text: t.text, source: 'template', templateUsed: t.name, aiModel: null, tokensIn: null, tokensOut: null, fallbackReason };
  }
}
