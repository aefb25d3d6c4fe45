import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { DAEMON_REQUIRED } from '../../../src/config/schema.js';
import { tempDir } from '../../support/temp-dir.js';

/** Runs loadConfig and returns the ConfigError it throws; fails the test if it does not throw one. */
function configError(env: Record<string, string | undefined>, opts: { daemon?: boolean } = {}): ConfigError {
  try {
    loadConfig(env, opts);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

const daemonEnv = {
  HERMES_ADDRESS: 'hermes@example.test',
  IMAP_HOST: 'imap.example.test',
  IMAP_USER: 'hermes',
  IMAP_PASSWORD: 'imap-secret',
  SMTP_HOST: 'smtp.example.test',
};

describe('loadConfig defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c.address).toBeNull();
    expect(c.ownAddresses).toEqual([]);
    expect(c.channels).toEqual({ standard: [], forwarded: [] });
    expect(c.messageIdDomain).toBe('hermes.invalid');
    expect(c.databasePath).toBe('./data/hermes.sqlite');
    expect(c.configDir).toBe(path.resolve('./config'));
    expect(path.isAbsolute(c.configDir)).toBe(true);
    expect(c.imap).toMatchObject({
      host: '',
      port: 993,
      secure: true,
      rejectUnauthorized: true,
      user: '',
      password: '',
      mailbox: 'INBOX',
      idleDelayMs: 1_000,
      resyncIntervalMs: 300_000,
      backoffBaseMs: 1_000,
      backoffMaxMs: 300_000,
      fetchBatch: 200,
      backfillOnFirstRun: false,
    });
    expect(c.smtp).toEqual({
      host: '',
      port: 587,
      tls: 'starttls',
      rejectUnauthorized: true,
      user: null,
      password: null,
      maxConnections: 3,
      timeoutMs: 60_000,
    });
    expect(c.outbox).toEqual({
      maxAttempts: 10,
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      sentCopy: true,
      reconcileGraceMs: 300_000,
      perRecipientDailyLimit: 10,
    });
    expect(c.llm).toMatchObject({ enabled: true, apiKey: null, baseUrl: null, maxTokens: 700, temperature: null, timeoutMs: 60_000, maxRetries: 2 });
    expect(c.llm.model).toEqual(expect.any(String));
    expect(c.http).toEqual({ host: '127.0.0.1', port: 8080, maxSyncAgeMs: 900_000 });
    expect(c.log).toEqual({ level: 'info', format: 'auto' });
    expect(c.shutdownTimeoutMs).toBe(8_000);
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });

  it('an empty string counts as unset and falls back to the default', () => {
    const c = loadConfig({ IMAP_PORT: '', LOG_LEVEL: '', HERMES_ADDRESS: '' });
    expect(c.imap.port).toBe(993);
    expect(c.log.level).toBe('info');
    expect(c.address).toBeNull();
  });

  it('coerces numbers and booleans and normalises addresses', () => {
    const c = loadConfig({
      HERMES_ADDRESS: '  Hermes@Example.Test ',
      IMAP_PORT: '143',
      IMAP_SECURE: 'false',
      SENT_COPY: '0',
      BACKFILL_ON_FIRST_RUN: 'yes',
      LLM_TEMPERATURE: '0.25',
      CHANNEL_FORWARDED_ADDRESSES: 'Fwd@Example.Test, ,other@example.test',
    });
    expect(c.address).toBe('hermes@example.test');
    expect(c.imap.port).toBe(143);
    expect(c.imap.secure).toBe(false);
    expect(c.outbox.sentCopy).toBe(false);
    expect(c.imap.backfillOnFirstRun).toBe(true);
    expect(c.llm.temperature).toBe(0.25);
    expect(c.channels.forwarded).toEqual(['fwd@example.test', 'other@example.test']);
  });

  it('derives the standard channel, own addresses and Message-ID domain from HERMES_ADDRESS', () => {
    const c = loadConfig({ HERMES_ADDRESS: 'hermes@example.test', CHANNEL_FORWARDED_ADDRESSES: 'fwd@example.test' });
    expect(c.channels.standard).toEqual(['hermes@example.test']);
    expect(c.ownAddresses).toEqual(['hermes@example.test', 'fwd@example.test']);
    expect(c.messageIdDomain).toBe('example.test');
  });

  it('an explicit MESSAGE_ID_DOMAIN wins over the address domain', () => {
    expect(loadConfig({ HERMES_ADDRESS: 'hermes@example.test', MESSAGE_ID_DOMAIN: 'mail.example.org' }).messageIdDomain).toBe('mail.example.org');
  });

  it('seconds settings become milliseconds', () => {
    const c = loadConfig({ IMAP_RESYNC_INTERVAL_SECONDS: '60', RECONCILE_GRACE_SECONDS: '0', HEALTH_MAX_SYNC_AGE_SECONDS: '10' });
    expect(c.imap.resyncIntervalMs).toBe(60_000);
    expect(c.outbox.reconcileGraceMs).toBe(0);
    expect(c.http.maxSyncAgeMs).toBe(10_000);
  });
});

describe('loadConfig validation', () => {
  it('reports every bad key at once, each under its own name', () => {
    const err = configError({ IMAP_PORT: 'abc', LOG_LEVEL: 'loud', HERMES_ADDRESS: 'nope' });
    expect(err.issues).toHaveLength(3);
    expect(err.issues.map((i) => i.key).sort()).toEqual(['HERMES_ADDRESS', 'IMAP_PORT', 'LOG_LEVEL']);
    const byKey = Object.fromEntries(err.issues.map((i) => [i.key, i.message]));
    expect(byKey.IMAP_PORT).toBe('expected a whole number from 1 to 65535');
    expect(byKey.LOG_LEVEL).toMatch(/expected trace, debug, info/);
    expect(byKey.HERMES_ADDRESS).toBe('expected an email address');
    // The message lists every issue for the operator.
    expect(err.message).toMatch(/IMAP_PORT/);
    expect(err.message).toMatch(/LOG_LEVEL/);
    expect(err.message).toMatch(/HERMES_ADDRESS/);
    expect(err.name).toBe('ConfigError');
  });

  it.each([
    ['IMAP_PORT', '0'],
    ['IMAP_PORT', '65536'],
    ['IMAP_PORT', '99.5'],
    ['IMAP_SECURE', 'maybe'],
    ['SMTP_TLS', 'ssl'],
    ['LLM_TEMPERATURE', '1.5'],
    ['ANTHROPIC_BASE_URL', 'not a url'],
    ['MESSAGE_ID_DOMAIN', 'bad domain!'],
    ['CHANNEL_STANDARD_ADDRESSES', 'a@example.test, not-an-address'],
  ])('rejects %s=%s', (key, value) => {
    const err = configError({ [key]: value });
    expect(err.issues.map((i) => i.key)).toEqual([key]);
  });

  it('without daemon mode the connection settings are optional', () => {
    expect(() => loadConfig({})).not.toThrow();
  });

  it('daemon mode lists every missing required key', () => {
    const err = configError({}, { daemon: true });
    expect(err.issues.map((i) => i.key)).toEqual([...DAEMON_REQUIRED]);
    expect(err.issues.map((i) => i.key).sort()).toEqual(['HERMES_ADDRESS', 'IMAP_HOST', 'IMAP_PASSWORD', 'IMAP_USER', 'SMTP_HOST']);
    const byKey = Object.fromEntries(err.issues.map((i) => [i.key, i.message]));
    expect(byKey.IMAP_PASSWORD).toBe('required (or IMAP_PASSWORD_FILE)');
    expect(byKey.IMAP_HOST).toBe('required');
  });

  it('daemon mode with all required keys loads', () => {
    const c = loadConfig(daemonEnv, { daemon: true });
    expect(c.imap.host).toBe('imap.example.test');
    expect(c.imap.password).toBe('imap-secret');
    expect(c.smtp.host).toBe('smtp.example.test');
  });

  it('daemon mode reports a missing key next to a bad one, and a bad required key only once', () => {
    const { SMTP_HOST: _omit, ...env } = daemonEnv;
    const err = configError({ ...env, HERMES_ADDRESS: 'nope', IMAP_PORT: 'abc' }, { daemon: true });
    expect(err.issues.map((i) => i.key).sort()).toEqual(['HERMES_ADDRESS', 'IMAP_PORT', 'SMTP_HOST']);
  });

  it('a blank required key counts as missing in daemon mode', () => {
    const err = configError({ ...daemonEnv, IMAP_HOST: '' }, { daemon: true });
    expect(err.issues).toEqual([{ key: 'IMAP_HOST', message: 'required' }]);
  });
});

describe('loadConfig secrets from _FILE', () => {
  let dir: string;
  let secretFile: string;
  beforeAll(() => {
    dir = tempDir('hermes-config-test-');
    secretFile = path.join(dir, 'imap_password');
    writeFileSync(secretFile, 'from-file-secret\n');
  });

  it('reads IMAP_PASSWORD_FILE and trims the trailing newline', () => {
    const { IMAP_PASSWORD: _omit, ...env } = daemonEnv;
    const c = loadConfig({ ...env, IMAP_PASSWORD_FILE: secretFile }, { daemon: true });
    expect(c.imap.password).toBe('from-file-secret');
  });

  it('reads SMTP_PASSWORD_FILE and ANTHROPIC_API_KEY_FILE too', () => {
    const c = loadConfig({ SMTP_PASSWORD_FILE: secretFile, ANTHROPIC_API_KEY_FILE: secretFile });
    expect(c.smtp.password).toBe('from-file-secret');
    expect(c.llm.apiKey).toBe('from-file-secret');
  });

  it('an explicit value beats the _FILE variant', () => {
    const c = loadConfig({ IMAP_PASSWORD: 'explicit', IMAP_PASSWORD_FILE: secretFile });
    expect(c.imap.password).toBe('explicit');
  });

  it('an explicit value wins even when the _FILE cannot be read (the file is never touched)', () => {
    const c = loadConfig({ IMAP_PASSWORD: 'explicit', IMAP_PASSWORD_FILE: path.join(dir, 'does-not-exist') });
    expect(c.imap.password).toBe('explicit');
  });

  it('a blank explicit value counts as unset, so the _FILE is used', () => {
    // Empty strings mean "unset" everywhere else (see dropEmpty); compose files often pass
    // IMAP_PASSWORD= next to IMAP_PASSWORD_FILE.
    const c = loadConfig({ IMAP_PASSWORD: '', IMAP_PASSWORD_FILE: secretFile });
    expect(c.imap.password).toBe('from-file-secret');
  });

  it('an unreadable _FILE is reported under the _FILE key with the errno code', () => {
    const missing = path.join(dir, 'does-not-exist');
    const err = configError({ IMAP_PASSWORD_FILE: missing });
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]!.key).toBe('IMAP_PASSWORD_FILE');
    expect(err.issues[0]!.message).toContain(missing);
    expect(err.issues[0]!.message).toContain('ENOENT');
  });

  it('an unreadable _FILE is reported alongside other bad keys', () => {
    const err = configError({ SMTP_PASSWORD_FILE: dir /* a directory: EISDIR */, LOG_LEVEL: 'loud' });
    expect(err.issues.map((i) => i.key).sort()).toEqual(['LOG_LEVEL', 'SMTP_PASSWORD_FILE']);
    expect(err.issues.find((i) => i.key === 'SMTP_PASSWORD_FILE')!.message).toContain('EISDIR');
  });

  it('a blank _FILE is ignored', () => {
    expect(loadConfig({ IMAP_PASSWORD_FILE: '' }).imap.password).toBe('');
  });
});

describe('RESUME_FILE', () => {
  it('must be readable when the daemon starts', () => {
    const dir = tempDir('hermes-resume-');
    const base = { HERMES_ADDRESS: 'h@example.test', IMAP_HOST: 'imap.example.test', IMAP_USER: 'h', IMAP_PASSWORD: 'p', SMTP_HOST: 'smtp.example.test' };
    const missing = path.join(dir, 'missing.pdf');
    expect(() => loadConfig({ ...base, RESUME_FILE: missing }, { daemon: true })).toThrow(/RESUME_FILE: cannot read/);
    // Commands that never send (inspect, migrate) do not care.
    expect(loadConfig({ ...base, RESUME_FILE: missing }).brain.resumeFile).toBe(missing);
    const file = path.join(dir, 'resume.pdf');
    writeFileSync(file, '%PDF-1.4');
    expect(loadConfig({ ...base, RESUME_FILE: file }, { daemon: true }).brain.resumeFile).toBe(file);
  });
});
