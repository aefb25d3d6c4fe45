import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import { ImapFlow } from 'imapflow';
import nodemailer, { type Transporter } from 'nodemailer';
import { dovecotBinary, startDovecot, type DovecotServer } from '../../src/devservers/dovecot.js';
import { startSmtpSink, type SmtpSink } from '../../src/devservers/smtp-sink.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fake-anthropic.js';

const HERMES = { user: 'hermes', password: 'hermes-pw' };
const RECRUITER = { user: 'recruiter', password: 'recruiter-pw' };

async function inboxSubjects(server: DovecotServer, creds: { user: string; password: string }): Promise<string[]> {
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: false,
    auth: { user: creds.user, pass: creds.password },
    logger: false,
    disableAutoIdle: true,
  });
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const subjects: string[] = [];
      const mailbox = client.mailbox;
      if (mailbox && mailbox.exists > 0) {
        for await (const msg of client.fetch('1:*', { envelope: true })) subjects.push(msg.envelope?.subject ?? '');
      }
      return subjects;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

describe.skipIf(dovecotBinary() === null)('dovecot + smtp sink', () => {
  let dovecot: DovecotServer;
  let sink: SmtpSink;
  let transport: Transporter;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [HERMES, RECRUITER] });
    sink = await startSmtpSink({
      imap: { host: dovecot.host, port: dovecot.port },
      mailboxes: { 'hermes@example.test': HERMES, 'recruiter@example.test': RECRUITER },
    });
    transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });
  });

  afterAll(async () => {
    transport?.close();
    await sink?.stop();
    await dovecot?.destroy();
  });

  it('delivers SMTP mail into the Dovecot INBOX before answering 250', async () => {
    const info = await transport.sendMail({
      from: 'recruiter@example.test',
      to: 'hermes@example.test',
      subject: 'Exciting opportunity',
      text: 'Hi! Are you open to new roles?',
    });
    expect(info.accepted).toEqual(['hermes@example.test']);
    const msg = await sink.waitFor((m) => m.messageId === info.messageId, 1000);
    expect(msg.recipients).toEqual(['hermes@example.test']);
    expect(msg.envelopeFrom).toBe('recruiter@example.test');
    expect(await inboxSubjects(dovecot, HERMES)).toContain('Exciting opportunity');
    expect(await inboxSubjects(dovecot, RECRUITER)).toEqual([]);
  });

  it('keeps mail and accepts logins after kill() and start()', async () => {
    await transport.sendMail({ from: 'hermes@example.test', to: 'recruiter@example.test', subject: 'Before crash', text: 'x' });
    const port = dovecot.port;
    await dovecot.kill();
    await expect(inboxSubjects(dovecot, RECRUITER)).rejects.toThrow();
    // While Dovecot is down the sink must answer with a temporary failure.
    await expect(
      transport.sendMail({ from: 'hermes@example.test', to: 'recruiter@example.test', subject: 'During outage', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 451 });
    await dovecot.start();
    expect(dovecot.port).toBe(port);
    expect(await inboxSubjects(dovecot, RECRUITER)).toEqual(['Before crash']);
    await transport.sendMail({ from: 'hermes@example.test', to: 'recruiter@example.test', subject: 'After restart', text: 'x' });
    expect(await inboxSubjects(dovecot, RECRUITER)).toEqual(['Before crash', 'After restart']);
  });

  it('rejects with the configured SMTP code', async () => {
    sink.setBehaviour({ kind: 'reject', code: 550, message: 'No such user here' });
    try {
      await expect(
        transport.sendMail({ from: 'recruiter@example.test', to: 'hermes@example.test', subject: 'Bounce me', text: 'x' }),
      ).rejects.toMatchObject({ responseCode: 550 });
      expect(sink.accepted.some((m) => m.raw.includes('Bounce me'))).toBe(false);
    } finally {
      sink.setBehaviour({ kind: 'accept' });
    }
  });

  it('refuses connections after stop() and accepts again after start()', async () => {
    await sink.stop();
    await expect(
      transport.sendMail({ from: 'a@example.test', to: 'hermes@example.test', subject: 'Refused', text: 'x' }),
    ).rejects.toMatchObject({ code: 'ESOCKET' });
    await sink.start();
    const info = await transport.sendMail({ from: 'a@example.test', to: 'nobody@example.test', subject: 'Unmapped', text: 'x' });
    expect(info.accepted).toEqual(['nobody@example.test']);
    const msg = await sink.waitFor((m) => m.recipients.includes('nobody@example.test'), 1000);
    expect(msg.raw.toString()).toContain('Subject: Unmapped');
  });
});

describe('fake anthropic', () => {
  let fake: FakeAnthropic;
  let client: Anthropic;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    client = new Anthropic({ apiKey: 'test-key', baseURL: fake.url, maxRetries: 0, timeout: 2000 });
  });

  afterAll(async () => {
    await fake?.stop();
  });

  const ask = () =>
    client.messages.create({ model: 'claude-test', max_tokens: 100, messages: [{ role: 'user', content: 'Hello there' }] });

  it('answers with text and records the request', async () => {
    fake.setMode({ kind: 'text', text: (req) => `echo: ${req.messages[0].content}` });
    const res = await ask();
    expect(res.content).toEqual([{ type: 'text', text: 'echo: Hello there' }]);
    expect(res.model).toBe('claude-test');
    const last = fake.requests.at(-1);
    expect(last?.body.model).toBe('claude-test');
    // SDK 1.x sends the key as a bearer token; older versions used x-api-key.
    expect(String(last?.headers['x-api-key'] ?? last?.headers.authorization)).toMatch(/test-key$/);
  });

  it('surfaces a 529 as an API error with that status', async () => {
    fake.setMode({ kind: 'error', status: 529, type: 'overloaded_error' });
    const err = await ask().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
  });

  it('times out on hang and stop() still closes', async () => {
    fake.setMode({ kind: 'hang' });
    const hanging = new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0, timeout: 200 });
    await expect(
      hanging.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  it('returns empty content in empty mode', async () => {
    fake.setMode({ kind: 'empty' });
    const res = await ask();
    expect(res.content).toEqual([]);
  });
});
