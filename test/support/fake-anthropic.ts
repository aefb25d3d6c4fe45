import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { classifyByKeywords } from '../../src/conversations/intent-keywords.js';

export type FakeMode =
  | { kind: 'text'; text: string | ((req: any) => string); delayMs?: number }
  | { kind: 'error'; status: number; type: string; message?: string }
  | { kind: 'hang' }
  | { kind: 'empty' };

/**
 * Answers a request that forces a tool (`tool_choice: {type: 'tool'}`): the value becomes the
 * tool_use block's input. Return NO_TOOL_CALL to answer with a text block instead; throw to
 * answer 500.
 */
export type ToolHandler = (body: any) => unknown;

/** A ToolHandler's way to say "the model did not call the tool". */
export const NO_TOOL_CALL: unique symbol = Symbol('no tool call');

export interface FakeAnthropic {
  url: string;
  requests: Array<{ headers: Record<string, string | string[] | undefined>; body: any }>;
  setMode(m: FakeMode): void;
  /** null restores the default handler (keyword classification of the last user turn). */
  setToolHandler(h: ToolHandler | null): void;
  /** Models whose requests are refused with a 400 when they carry a temperature, as newer models do. */
  rejectTemperatureFor(models: string[]): void;
  stop(): Promise<void>;
}

/** The recruiter's mail inside the last user turn, as the intent classifier frames it. */
function lastUserMail(body: any): { subject: string; text: string } {
  const turns: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const last = [...turns].reverse().find((m) => m?.role === 'user');
  const content = typeof last?.content === 'string' ? last.content : Array.isArray(last?.content) ? last.content.map((b: any) => b?.text ?? '').join('\n') : '';
  const inner = /<recruiter_email>\n?([\s\S]*?)<\/recruiter_email>/.exec(content)?.[1] ?? content;
  const subject = /^Subject: (.*)$/m.exec(inner)?.[1] ?? '';
  return { subject, text: inner.replace(/^Subject: .*\n?/m, '') };
}

/** Sensible intents for end-to-end tests without scripting every turn. */
export const defaultToolHandler: ToolHandler = (body) => {
  const { subject, text } = lastUserMail(body);
  return classifyByKeywords({ subject, text, isReply: /^\s*re\s*:/i.test(subject) });
};

export const DEFAULT_FAKE_REPLY =
  'Thanks for reaching out! I appreciate you thinking of me for this role. ' +
  'Could you share a bit more about the team, the compensation range and whether the position is remote-friendly?';

/**
 * Prompt caching as the API reports it: each system block marked with cache_control is a
 * breakpoint, and the prefix up to it can be cached. A request reads the longest prefix an
 * earlier request wrote (cache_read_input_tokens), writes the rest up to its last breakpoint
 * (cache_creation_input_tokens), and input_tokens counts only what follows.
 */
function cacheUsage(body: any, cache: Set<string>): { input_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number } {
  const system: Array<{ text?: string; cache_control?: unknown }> = Array.isArray(body?.system) ? body.system : [];
  const texts = system.map((b) => b.text ?? '');
  const breakpoints = system.flatMap((b, i) => (b.cache_control ? [i] : []));
  const tokensUpTo = (i: number) => estimateTokens(texts.slice(0, i + 1).join('\n'));
  const keyUpTo = (i: number) => `${body?.model ?? ''}\u0000${texts.slice(0, i + 1).join('\u0001')}`;
  const last = breakpoints.at(-1) ?? -1;
  const rest = texts.slice(last + 1).join('\n') + JSON.stringify(body?.messages ?? '') + JSON.stringify(body?.tools ?? '');
  if (last < 0) return { input_tokens: estimateTokens(rest), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const hit = [...breakpoints].reverse().find((i) => cache.has(keyUpTo(i)));
  for (const i of breakpoints) cache.add(keyUpTo(i));
  const read = hit === undefined ? 0 : tokensUpTo(hit);
  return { input_tokens: estimateTokens(rest), cache_creation_input_tokens: tokensUpTo(last) - read, cache_read_input_tokens: read };
}

// Roughly four characters per token, which is close enough for usage bookkeeping in tests.
const estimateTokens = (s: string): number => Math.max(1, Math.ceil(s.length / 4));

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  });
  res.end(payload);
}

export async function startFakeAnthropic(initial?: FakeMode): Promise<FakeAnthropic> {
  let mode: FakeMode = initial ?? { kind: 'text', text: DEFAULT_FAKE_REPLY };
  let toolHandler: ToolHandler = defaultToolHandler;
  const requests: FakeAnthropic['requests'] = [];
  const promptCache = new Set<string>();
  let noTemperature = new Set<string>();
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = rawBody ? JSON.parse(rawBody) : null;
      } catch {
        body = rawBody;
      }
      requests.push({ headers: { ...req.headers }, body });

      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/messages') {
        return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `Not found: ${req.method} ${req.url}` } });
      }
      if (body && typeof body === 'object' && 'temperature' in body && noTemperature.has(body.model)) {
        return sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: '`temperature` is deprecated for this model.' } });
      }
      const m = mode;
      switch (m.kind) {
        case 'hang':
          // Never answer; stop() destroys the socket.
          return;
        case 'error': {
          // retry-after: 0 keeps SDK retries instant when a test enables them.
          const headers: Record<string, string> = m.status === 429 || m.status >= 500 ? { 'retry-after': '0' } : {};
          return sendJson(res, m.status, { type: 'error', error: { type: m.type, message: m.message ?? `Fake ${m.type}` } }, headers);
        }
        case 'text':
        case 'empty': {
          if (body?.tool_choice?.type === 'tool' && m.kind === 'text') {
            if (m.delayMs) await new Promise((r) => setTimeout(r, m.delayMs));
            return answerTool(res, body, toolHandler);
          }
          let text = '';
          if (m.kind === 'text') {
            if (m.delayMs) await new Promise((r) => setTimeout(r, m.delayMs));
            try {
              text = typeof m.text === 'function' ? m.text(body) : m.text;
            } catch (err) {
              return sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: String(err) } });
            }
          }
          return sendJson(res, 200, {
            id: `msg_${randomBytes(12).toString('hex')}`,
            type: 'message',
            role: 'assistant',
            model: body?.model ?? 'claude-fake',
            content: m.kind === 'empty' ? [] : [{ type: 'text', text }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { ...cacheUsage(body, promptCache), output_tokens: m.kind === 'empty' ? 0 : estimateTokens(text) },
          });
        }
      }
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(m) {
      mode = m;
    },
    setToolHandler(h) {
      toolHandler = h ?? defaultToolHandler;
    },
    rejectTemperatureFor(models) {
      noTemperature = new Set(models);
    },
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive and hanging sockets would otherwise hold close() open forever.
        for (const s of sockets) s.destroy();
      });
    },
  };
}

function answerTool(res: http.ServerResponse, body: any, handler: ToolHandler): void {
  let input: unknown;
  try {
    input = handler(body);
  } catch (err) {
    return sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: String(err) } });
  }
  const name: string = body.tool_choice.name;
  const content =
    input === NO_TOOL_CALL
      ? [{ type: 'text', text: 'I would rather not use the tool.' }]
      : [{ type: 'tool_use', id: `toolu_${randomBytes(12).toString('hex')}`, name, input }];
  sendJson(res, 200, {
    id: `msg_${randomBytes(12).toString('hex')}`,
    type: 'message',
    role: 'assistant',
    model: body?.model ?? 'claude-fake',
    content,
    stop_reason: input === NO_TOOL_CALL ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: {
      input_tokens: estimateTokens(JSON.stringify(body?.messages ?? '') + JSON.stringify(body?.system ?? '') + JSON.stringify(body?.tools ?? '')),
      output_tokens: input === NO_TOOL_CALL ? 8 : estimateTokens(JSON.stringify(input) ?? ''),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  });
}
