import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, REDACT_PATHS, type Logger } from '../../src/shared/logger.js';

/** Silent unless TEST_LOG_LEVEL is set, e.g. TEST_LOG_LEVEL=debug npx vitest run ... */
export function testLogger(): Logger {
  return createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', format: 'json' });
}

/** A logger with the production redaction whose JSON lines are kept for assertions. */
export function captureLogger(level = 'info'): { log: Logger; lines: () => Array<Record<string, unknown>>; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  const log = pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
  const text = () => chunks.join('');
  return {
    log,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
