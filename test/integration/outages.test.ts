import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dovecotBinary } from '../../src/devservers/dovecot.js';
import { startLocalMail, type LocalMail } from '../../src/devservers/local-mail.js';
import type { RunningDaemon } from '../../src/main.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fake-anthropic.js';
import { startHermes } from '../support/hermes.js';
import { rawMail } from '../support/raw-mail.js';
import { sleep, waitUntil } from '../support/wait.js';

const MODEL_TEXT = 'Hi Dana,\n\nThanks, this sounds interesting. What does the team work on?\n\nAlex';

describe.skipIf(!dovecotBinary())('outages and recovery', () => {
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let daemon: RunningDaemon | null = null;

  beforeAll(async () => {
    mail = await startLocalMail();
    fake = await startFakeAnthropic({ kind: 'text', text: MODEL_TEXT });
  });
  afterEach(async () => {
    await daemon?.shutdown();
    daemon = null;
    fake.setMode({ kind: 'text', text: MODEL_TEXT });
    mail.sink.setBehaviour({ kind: 'accept' });
    // A test that failed half-way must not leave the relay down for the next one.
    await mail.sink.start();
  });
  afterAll(async () => {
    await fake?.stop();
    await mail?.stop();
  });

  const repliesTo = async (id: string) => (await mail.inbox(mail.recruiter)).filter((m) => m.inReplyTo === id);
  const llmEnv = (extra: Record<string, string> = {}) => ({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, ...extra });

  it('reconnects after Dovecot is killed while idling and answers mail that arrived during the outage', async () => {
    daemon = await startHermes(mail, { DATABASE_PATH: `${mail.workDir}/outage-imap.sqlite`, ...llmEnv() });
    const watcher = daemon.ctx.watcher;
    await waitUntil(() => watcher.state === 'connected', { what: 'connected' });

    await mail.dovecot.kill();
    await waitUntil(() => watcher.state !== 'connected', { what: 'disconnect noticed' });
    await mail.dovecot.start();
    const id = await mail.send({ subject: 'Role during the outage', text: 'Hi Alex, are you open to new roles?' });
    const [reply] = await waitUntil(async () => {
      const r = await repliesTo(id);
      return r.length > 0 ? r : null;
    }, { timeoutMs: 20_000, what: 'reply after reconnect' });
    expect(reply!.subject).toBe('Re: Role during the outage');
    await sleep(1000);
    expect(await repliesTo(id)).toHaveLength(1);
  });

  it('answers mail that was delivered while Hermes was disconnected, once it reconnects', async () => {
    daemon = await startHermes(mail, {
      DATABASE_PATH: `${mail.workDir}/outage-imap2.sqlite`,
      ...llmEnv(),
      // A long first backoff so the mail certainly lands before Hermes is back.
      IMAP_BACKOFF_BASE_MS: '3000',
      IMAP_BACKOFF_MAX_MS: '3000',
    });
    const watcher = daemon.ctx.watcher;
    await mail.dovecot.kill();
    await waitUntil(() => watcher.state === 'disconnected', { what: 'disconnect noticed' });
    await mail.dovecot.start();
    const id = '<while-disconnected@talentco.example>';
    await mail.append(mail.hermes, rawMail({ messageId: id, subject: 'Arrived while reconnecting', text: 'Hello Alex, quick question about a role.' }));
    expect(watcher.state).toBe('disconnected');
    await waitUntil(async () => (await repliesTo(id)).length === 1, { timeoutMs: 20_000, what: 'reply after reconnect' });
  });

  it('keeps a reply in the outbox while the SMTP peer is down and sends it once after recovery', async () => {
    daemon = await startHermes(mail, { DATABASE_PATH: `${mail.workDir}/outage-smtp.sqlite`, ...llmEnv() });
    // The recruiter's mail goes straight into the mailbox: the relay is about to go down.
    const id = '<smtp-outage-1@talentco.example>';
    await mail.append(mail.hermes, rawMail({ messageId: id, subject: 'SMTP outage', text: 'Hi Alex, still interested?' }));
    await mail.sink.stop();
    const db = daemon.ctx.db;
    const row = await waitUntil(async () => {
      const r = await db.selectFrom('outbox').selectAll().executeTakeFirst();
      // Between attempts the row is back to pending (during one it is 'sending').
      return r && r.attempts >= 2 && r.status === 'pending' ? r : null;
    }, { what: 'failed attempts while SMTP is down' });
    expect(row.last_error).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
    await mail.sink.start();
    await waitUntil(async () => (await repliesTo(id)).length === 1, { timeoutMs: 15_000, what: 'reply after SMTP recovery' });
    await sleep(1500);
    expect(await repliesTo(id)).toHaveLength(1);
    const sent = await db.selectFrom('outbox').select(['status', 'attempts']).executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
  });

  it('marks a reply failed on a permanent 5xx and retries a 4xx', async () => {
    daemon = await startHermes(mail, { DATABASE_PATH: `${mail.workDir}/smtp-codes.sqlite`, ...llmEnv() });
    mail.sink.setBehaviour({ kind: 'reject', code: 451, message: 'try later' });
    const id = '<smtp-451@talentco.example>';
    await mail.append(mail.hermes, rawMail({ messageId: id, subject: 'Transient', text: 'Hi Alex, a role for you.' }));
    const db = daemon.ctx.db;
    await waitUntil(async () => (await db.selectFrom('outbox').select('attempts').executeTakeFirst())?.attempts! >= 2, { what: 'retries on 451' });
    mail.sink.setBehaviour({ kind: 'reject', code: 550, message: 'no such user' });
    const failed = await waitUntil(async () => {
      const r = await db.selectFrom('outbox').selectAll().executeTakeFirst();
      return r?.status === 'failed' ? r : null;
    }, { what: 'permanent failure on 550' });
    expect(failed.last_error).toContain('550');
    const message = await db.selectFrom('messages').selectAll().where('direction', '=', 'outbound').executeTakeFirstOrThrow();
    expect(message.send_success).toBe(0);
    expect(message.error_notes).toContain('550');
    expect(await repliesTo(id)).toHaveLength(0);
  });

  it.each([
    ['529 overloaded', { kind: 'error', status: 529, type: 'overloaded_error' } as const],
    ['timeout', { kind: 'hang' } as const],
    ['empty completion', { kind: 'empty' } as const],
  ])('falls back to a template reply on LLM %s', async (name, mode) => {
    daemon = await startHermes(mail, {
      DATABASE_PATH: `${mail.workDir}/llm-${name.replace(/\W/g, '')}.sqlite`,
      ...llmEnv({ LLM_MAX_RETRIES: '1', LLM_TIMEOUT_MS: '1000' }),
    });
    fake.setMode(mode);
    const id = `<llm-${name.replace(/\W/g, '')}@talentco.example>`;
    await mail.append(mail.hermes, rawMail({ messageId: id, subject: `LLM ${name}`, text: 'Hi Alex, are you looking?' }));
    const [reply] = await waitUntil(async () => {
      const r = await repliesTo(id);
      return r.length > 0 ? r : null;
    }, { timeoutMs: 20_000, what: 'template reply' });
    expect(reply!.text).toContain('Could you share a few details by email');
    const msg = await daemon.ctx.db.selectFrom('messages').selectAll().where('message_id', '=', (await daemon.ctx.db.selectFrom('outbox').select('rfc_message_id').executeTakeFirstOrThrow()).rfc_message_id).executeTakeFirstOrThrow();
    expect(msg.template_used).toBe('reply-1');
    expect(msg.ai_model).toBeNull();
    expect(msg.error_notes).toBeTruthy();
  });
});
