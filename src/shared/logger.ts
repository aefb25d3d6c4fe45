import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths pino censors wherever they appear in a log object. Addresses, subjects and bodies are
 * not listed: they are only ever logged at trace, by the caller's choice.
 */
export const REDACT_PATHS = [
  'password',
  'pass',
  'apiKey',
  'token',
  'accessToken',
  'authorization',
  'Authorization',
  '*.password',
  '*.pass',
  '*.apiKey',
  '*.token',
  '*.accessToken',
  '*.authorization',
  '*.Authorization',
  'auth.pass',
  'auth.user',
  'headers.authorization',
  'headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
];

export interface LoggerOptions {
  level: string;
  format: 'auto' | 'json' | 'pretty';
  /** File descriptor to write to; the CLI keeps stdout for JSON output, so logs go to 2. */
  fd?: number;
}

export function createLogger(opts: LoggerOptions): Logger {
  const fd = opts.fd ?? 2;
  const usePretty = opts.format === 'pretty' || (opts.format === 'auto' && Boolean(process.stderr.isTTY) && fd === 2);
  const base = {
    level: opts.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (usePretty) {
    // Loaded only for a terminal: the daemon in a container never pays for it.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    return pino(base, pretty({ destination: fd, colorize: true, sync: true }));
  }
  return pino(base, pino.destination({ fd, sync: true }));
}
