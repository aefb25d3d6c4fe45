// The only module that imports the Anthropic SDK: retries, timeout and logging are set here once,
// and model output is turned into plain typed values at this boundary.
import Anthropic from '@anthropic-ai/sdk';
import type { Config } from '../config/config.js';
import { AppError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';

export interface SystemBlock {
  text: string;
  /** Marks the end of a stable prefix the provider may cache. */
  cache?: boolean;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface CompletionRequest {
  system: SystemBlock[];
  messages: ChatTurn[];
  model?: string;
  maxTokens?: number;
  temperature?: number;
}

export interface Completion {
  text: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

/** A tool the model is forced to call: its input is the structured answer. */
export interface ClassificationTool {
  name: string;
  description: string;
  /** JSON Schema of the tool input (an object schema). */
  inputSchema: Record<string, unknown>;
}

export interface ClassificationRequest {
  system: SystemBlock[];
  messages: ChatTurn[];
  tool: ClassificationTool;
  model?: string;
  temperature?: number;
  maxTokens?: number;
}

export interface Classification {
  /** The tool_use block's input, unvalidated: the caller owns the schema and parses it. */
  input: unknown;
  model: string;
  tokensIn: number;
  tokensOut: number;
}

export interface LlmClient {
  readonly model: string;
  complete(req: CompletionRequest): Promise<Completion>;
  /**
   * A structured answer through one forced tool call, for decisions (not prose). Optional so
   * hand-written test doubles that only write replies stay valid; callers treat a client
   * without it like a failed call.
   */
  classify?(req: ClassificationRequest): Promise<Classification>;
}

export function createAnthropicClient(llm: Config['llm'], log: Logger): LlmClient | null {
  if (!llm.enabled || !llm.apiKey) return null;
  const client = new Anthropic({
    apiKey: llm.apiKey,
    baseURL: llm.baseUrl ?? undefined,
    timeout: llm.timeoutMs,
    maxRetries: llm.maxRetries,
    logger: log,
    logLevel: 'warn',
  });
  // Models seen to refuse a temperature at run time (a 400 naming it), beyond those known in advance.
  const refusesTemperature = new Set<string>();
  /** What every request shares: model, length cap, temperature, the system blocks and the turns. */
  const baseParams = (req: CompletionRequest) => {
    const model = req.model ?? llm.model;
    const temperature = req.temperature ?? llm.temperature;
    const sendTemperature = temperature !== null && acceptsTemperature(model) && !refusesTemperature.has(model);
    return {
      model,
      max_tokens: req.maxTokens ?? llm.maxTokens,
      ...(sendTemperature ? { temperature } : {}),
      system: systemParam(req.system),
      messages: req.messages.map((m) => ({ role: m.role, content: m.text })),
    };
  };
  /**
   * Sends a request; when the model refuses the temperature (newer models take no sampling
   * parameters, and the list of them grows), remembers that and sends it once more without it.
   */
  const create = async <P extends ReturnType<typeof baseParams>>(params: P): Promise<Anthropic.Message> => {
    try {
      return await client.messages.create(params);
    } catch (err) {
      if (!('temperature' in params) || !refusesSampling(err)) throw err;
      refusesTemperature.add(params.model);
      log.warn({ model: params.model }, 'the model takes no temperature; sending requests to it without one');
      const { temperature: _dropped, ...rest } = params;
      return client.messages.create(rest);
    }
  };
  return {
    model: llm.model,
    async complete(req) {
      let response: Anthropic.Message;
      try {
        response = await create(baseParams(req));
      } catch (err) {
        throw classifyLlmError(err);
      }
      const text = response.content
        .filter((b): b is Anthropic.TextBlock => b.type === 'text')
        .map((b) => b.text)
        .join('')
        .trim();
      if (!text) throw new AppError('LLM_EMPTY', `empty completion (stop_reason ${response.stop_reason ?? 'none'})`);
      return {
        text,
        model: response.model,
        tokensIn: response.usage.input_tokens,
        tokensOut: response.usage.output_tokens,
        cacheReadTokens: response.usage.cache_read_input_tokens ?? 0,
        cacheCreationTokens: response.usage.cache_creation_input_tokens ?? 0,
      };
    },
    async classify(req) {
      let response: Anthropic.Message;
      try {
        response = await create({
          ...baseParams(req),
          tools: [
            {
              name: req.tool.name,
              description: req.tool.description,
              input_schema: { ...req.tool.inputSchema, type: 'object' },
            },
          ],
          tool_choice: { type: 'tool', name: req.tool.name, disable_parallel_tool_use: true },
        });
      } catch (err) {
        throw classifyLlmError(err);
      }
      const call = response.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use' && b.name === req.tool.name);
      if (!call) throw new AppError('LLM_EMPTY', `no ${req.tool.name} tool call (stop_reason ${response.stop_reason ?? 'none'})`);
      return {
        input: call.input,
        model: response.model,
        tokensIn: response.usage.input_tokens,
        tokensOut: response.usage.output_tokens,
      };
    },
  };
}

function systemParam(blocks: SystemBlock[]): Anthropic.TextBlockParam[] {
  return blocks.map((b) => ({
    type: 'text' as const,
    text: b.text,
    ...(b.cache ? { cache_control: { type: 'ephemeral' as const } } : {}),
  }));
}

/**
 * Whether a model accepts a sampling temperature. Claude models of generation 5 and later, and
 * Opus 4.7 and 4.8, answer any temperature with a 400; everything else takes one. An unknown
 * model name is given the benefit of the doubt: a refusal at run time is remembered anyway.
 */
export function acceptsTemperature(model: string): boolean {
  const m = /^claude-(?:opus|sonnet|haiku)-(\d+)(?:-(\d+))?(?:-|$)/.exec(model.toLowerCase());
  if (!m) return true;
  const major = Number(m[1]);
  const minor = m[2] !== undefined && m[2].length <= 2 ? Number(m[2]) : 0;
  if (major >= 5) return false;
  return !(model.toLowerCase().startsWith('claude-opus-4') && major === 4 && minor >= 7);
}

/**
 * A 400 that names the temperature. This one error is recognised by its message, because the
 * API reports it only that way; every other error is classified by class and status below.
 */
function refusesSampling(err: unknown): boolean {
  return err instanceof Anthropic.BadRequestError && /\btemperature\b/i.test(err.message);
}

/** By SDK error class and status, never by message text. */
function classifyLlmError(err: unknown): AppError {
  if (err instanceof Anthropic.APIConnectionTimeoutError) {
    return new AppError('LLM_FAILED', 'model call timed out', { retryable: true, cause: err });
  }
  if (err instanceof Anthropic.APIConnectionError) {
    return new AppError('LLM_FAILED', 'cannot reach the model API', { retryable: true, cause: err });
  }
  if (err instanceof Anthropic.APIError) {
    const status = err.status ?? 0;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return new AppError('LLM_FAILED', `model API answered ${status}`, { retryable, cause: err });
  }
  return new AppError('LLM_FAILED', 'model call failed', { cause: err });
}
