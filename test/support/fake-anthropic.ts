import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export type FakeMode =
  | { kind: 'text'; text: string | ((req: any) => string); delayMs?: number }
  | { kind: 'error'; status: number; type: string; message?: string }
  | { kind: 'hang' }
  | { kind: 'empty' };

export interface FakeAnthropic {
  url: string;
  requests: Array<{ headers: Record<string, string | string[] | undefined>; body: any }>;
  setMode(m: FakeMode): void;
  stop(): Promise<void>;
}

export const DEFAULT_FAKE_REPLY =
  'Thanks for reaching out! I appreciate you thinking of me for this role. ' +
  'Could you share a bit more about the team, the compensation range and whether the position is remote-friendly?';

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
  const requests: FakeAnthropic['requests'] = [];
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
            usage: {
              input_tokens: estimateTokens(JSON.stringify(body?.messages ?? '') + JSON.stringify(body?.system ?? '')),
              output_tokens: m.kind === 'empty' ? 0 : estimateTokens(text),
              cache_creation_input_tokens: 0,
              cache_read_input_tokens: 0,
            },
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
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive and hanging sockets would otherwise hold close() open forever.
        for (const s of sockets) s.destroy();
      });
    },
  };
}
