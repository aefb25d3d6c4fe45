import { createLogger, type Logger } from '../../src/shared/logger.js';

/** Silent unless TEST_LOG_LEVEL is set, e.g. TEST_LOG_LEVEL=debug npx vitest run ... */
export function testLogger(): Logger {
  return createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', format: 'json' });
}
