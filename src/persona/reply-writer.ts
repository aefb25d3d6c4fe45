import type { ChatTurn, LlmClient, SystemBlock } from '../llm/anthropic-client.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { pickReplyTemplate, renderTemplate, type TemplateSet } from './templates.js';

/** Everything a writer may use. Untrusted text (the recruiter's) only ever goes into user turns. */
export interface ReplyContext {
  conversationId: number | null;
  /** 1 for the first reply in the conversation, 2 for the second, ... */
  attempt: number;
  ownerName: string;
  recruiterName: string;
  subject: string;
  /** Earlier turns, oldest first; the last one is the inbound mail being answered. */
  turns: ChatTurn[];
  /** SHIELD saw an injection attempt: the system prompt gets its hardening layer. */
  hardening?: boolean;
}

export interface ReplyDraft {
  text: string;
  source: 'llm' | 'template';
  templateUsed: string | null;
  aiModel: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  /** Prompt-cache bookkeeping of the model call (input tokens read from / written to the cache). */
  cacheReadTokens?: number | null;
  cacheCreationTokens?: number | null;
  /** Why a template was used instead of the model, when it was. */
  fallbackReason: string | null;
}

export interface ReplyWriter {
  write(ctx: ReplyContext): Promise<ReplyDraft>;
}

function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}'-]{1,40}$/u.test(first) ? first : '';
}

export class TemplateReplyWriter implements ReplyWriter {
  constructor(private readonly templates: TemplateSet) {}

  async write(ctx: ReplyContext, fallbackReason: string | null = null): Promise<ReplyDraft> {
    const t = pickReplyTemplate(this.templates, ctx.attempt);
    const recruiter = firstName(ctx.recruiterName);
    const text = renderTemplate(t.body, {
      greeting: recruiter ? `Hi ${recruiter},` : 'Hi,',
      recruiterName: recruiter,
      ownerName: ctx.ownerName,
      subject: ctx.subject,
    });
    return { text, source: 'template', templateUsed: t.name, aiModel: null, tokensIn: null, tokensOut: null, fallbackReason };
  }
}

/**
 * Later layers (persona, state instructions, knowledge, star push) are added by extending
 * `systemBlocks`; the recruiter's text never reaches it.
 */
export type SystemPromptBuilder = (ctx: ReplyContext) => SystemBlock[];

export class LlmReplyWriter implements ReplyWriter {
  constructor(
    private readonly llm: LlmClient,
    private readonly systemBlocks: SystemPromptBuilder,
    private readonly fallback: TemplateReplyWriter,
    private readonly log: Logger,
  ) {}

  async write(ctx: ReplyContext): Promise<ReplyDraft> {
    try {
      const out = await this.llm.complete({ system: this.systemBlocks(ctx), messages: mergeTurns(ctx.turns) });
      return {
        text: out.text,
        source: 'llm',
        templateUsed: null,
        aiModel: out.model,
        tokensIn: out.tokensIn,
        tokensOut: out.tokensOut,
        fallbackReason: null,
      };
    } catch (err) {
      const reason = errorMessage(err);
      this.log.warn({ conversationId: ctx.conversationId, reason }, 'model reply failed, using template');
      return this.fallback.write(ctx, reason);
    }
  }
}

/** The Messages API wants alternating roles starting with user; consecutive turns are joined. */
export function mergeTurns(turns: ChatTurn[]): ChatTurn[] {
  const out: ChatTurn[] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && last.role === t.role) last.text = `${last.text}\n\n${t.text}`;
    else out.push({ ...t });
  }
  while (out[0]?.role === 'assistant') out.shift();
  return out;
}
