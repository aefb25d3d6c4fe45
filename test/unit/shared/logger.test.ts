import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../support/logger.js';

describe('log redaction', () => {
  it('censors secrets wherever they sit in a log record', () => {
    const { log, text, lines } = captureLogger('info');
    log.info(
      {
        password: 'hunter2',
        apiKey: 'sk-ant-secret',
        auth: { user: 'me@example.com', pass: 'imap-secret' },
        headers: { authorization: 'Bearer abc123', 'x-api-key': 'key-456' },
        smtp: { password: 'smtp-secret', token: 'tok-789' },
      },
      'connecting',
    );
    const out = text();
    for (const secret of ['hunter2', 'sk-ant-secret', 'imap-secret', 'abc123', 'key-456', 'smtp-secret', 'tok-789', 'me@example.com']) {
      expect(out).not.toContain(secret);
    }
    expect(lines()[0]).toMatchObject({ password: '[redacted]', headers: { authorization: '[redacted]' } });
  });
});
