import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotBinary, freePort } from '../../src/devservers/dovecot.js';
import { startLocalMail, type LocalMail } from '../../src/devservers/local-mail.js';
import type { Db } from '../../src/db/database.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fake-anthropic.js';
import { FAST_ENV, readDb, spawnHermes, type HermesProcess } from '../support/hermes.js';
import { sleep, waitUntil } from '../support/wait.js';
import { rawMail } from '../support/raw-mail.js';

/**
 * The daemon runs as its own process and is SIGKILLed at each point where a crash could lose or
 * duplicate a reply. After every restart, each inbound mail must end with exactly one reply.
 */
describe.skipIf(!dovecotBinary())('crash safety (SIGKILL)', () => {
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let env: Record<string, string>;
  let db: Db;
  let hermes: HermesProcess | null = null;
  const ids: string[] = [];

  beforeAll(async () => {
    mail = await startLocalMail();
    fake = await startFakeAnthropic({ kind: 'text', text: 'Hi Dana,\n\nThanks for the note. Tell me more?\n\nAlex' });
    env = mail.hermesEnv({
      ...FAST_ENV,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: fake.url,
      LLM_MAX_RETRIES: '0',
      LLM_TIMEOUT_MS: '30000',
      SEND_LIMIT_PER_RECIPIENT_PER_DAY: '100',
      HTTP_PORT: String(await freePort()),
    });
    hermes = await start();
    db = readDb(env.DATABASE_PATH!);
  });

  afterAll(async () => {
    if (hermes && hermes.child.exitCode === null) {
      hermes.child.kill('SIGKILL');
      await hermes.exited;
    }
    await db?.destroy();
    await fake?.stop();
    await mail?.stop();
  });

  async function start(): Promise<HermesProcess> {
    const p = spawnHermes(env);
    await waitUntil(() => /"msg":"IMAP connected"/.test(p.stderr()) || p.child.exitCode !== null, { what: 'daemon start' });
    expect(p.child.exitCode, p.stderr()).toBeNull();
    return p;
  }

  async function crash(): Promise<void> {
    hermes!.child.kill('SIGKILL');
    const { signal } = await hermes!.exited;
    expect(signal).toBe('SIGKILL');
  }

  async function deliver(n: number, subject: string): Promise<string> {
    const id = `<crash-${n}@talentco.example>`;
    ids.push(id);
    await mail.append(mail.hermes, rawMail({ messageId: id, subject, text: `Hi Alex, role number ${n} for you.` }));
    return id;
  }

  const replyCount = async (id: string) => (await mail.inbox(mail.recruiter)).filter((m) => m.inReplyTo === id).length;

  it('before the outbox commit: the model call is in flight when the daemon dies', async () => {
    fake.setMode({ kind: 'hang' });
    const before = fake.requests.length;
    const id = await deliver(1, 'Crash before commit');
    await waitUntil(() => fake.requests.length > before, { what: 'model call in flight' });
    await crash();
    const raw = await db.selectFrom('raw_messages').selectAll().where('message_id', '=', id).executeTakeFirstOrThrow();
    expect(raw.status).toBe('pending');
    expect(await db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);

    fake.setMode({ kind: 'text', text: 'Hi Dana,\n\nThanks for the note. Tell me more?\n\nAlex' });
    hermes = await start();
    await waitUntil(async () => (await replyCount(id)) === 1, { what: 'reply after restart' });
  });

  it('after the outbox commit, before SMTP: the reply is queued but the relay is down', async () => {
    await mail.sink.stop();
    const id = await deliver(2, 'Crash after commit');
    await waitUntil(async () => {
      const row = await db.selectFrom('outbox').select('status').where('in_reply_to', '=', id).executeTakeFirst();
      return row !== undefined;
    }, { what: 'outbox row committed' });
    await crash();
    await mail.sink.start();
    hermes = await start();
    await waitUntil(async () => (await replyCount(id)) === 1, { what: 'reply after restart' });
  });

  it('during SMTP, before the relay accepted the message', async () => {
    mail.sink.setBehaviour({ kind: 'stall', ms: 3000 });
    const off = mail.sink.onData(() => hermes!.child.kill('SIGKILL'));
    const id = await deliver(3, 'Crash during SMTP');
    await hermes!.exited;
    off();
    mail.sink.setBehaviour({ kind: 'accept' });
    const row = await db.selectFrom('outbox').selectAll().where('in_reply_to', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sending');
    hermes = await start();
    // No sent copy arrives, so after the grace period the reply is sent again, once.
    await waitUntil(async () => (await replyCount(id)) === 1, { timeoutMs: 20_000, what: 'resend after grace' });
    // The relay stores the mail before it answers 250, so the row turns 'sent' a moment later.
    await waitUntil(async () => {
      const after = await db.selectFrom('outbox').select('status').where('in_reply_to', '=', id).executeTakeFirstOrThrow();
      return after.status === 'sent';
    }, { what: 'row marked sent' });
  });

  it('during SMTP, after the relay accepted the message but before the daemon heard 250', async () => {
    mail.sink.setBehaviour({ kind: 'deliver-then-delay', ms: 3000 });
    const off = mail.sink.onData(() => {
      // Let the relay deliver first, then kill while it withholds its 250.
      setTimeout(() => hermes!.child.kill('SIGKILL'), 300);
    });
    const id = await deliver(4, 'Crash after acceptance');
    await hermes!.exited;
    off();
    mail.sink.setBehaviour({ kind: 'accept' });
    expect(await replyCount(id)).toBe(1);
    const row = await db.selectFrom('outbox').selectAll().where('in_reply_to', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sending');
    hermes = await start();
    // The sent copy in Hermes's own mailbox proves delivery: reconciled, not sent again.
    await waitUntil(async () => {
      const r = await db.selectFrom('outbox').select(['status', 'confirmed_by']).where('in_reply_to', '=', id).executeTakeFirstOrThrow();
      return r.status === 'sent' && r.confirmed_by === 'sent-copy';
    }, { what: 'reconciled by the sent copy' });
    await sleep(3000);
    expect(await replyCount(id)).toBe(1);
  });

  it('every inbound mail ended with exactly one reply, and SIGTERM exits 0 within 10 s', async () => {
    await sleep(1000);
    const inbox = await mail.inbox(mail.recruiter);
    for (const id of ids) expect(inbox.filter((m) => m.inReplyTo === id), id).toHaveLength(1);
    expect(inbox.filter((m) => m.from === mail.hermes.address)).toHaveLength(ids.length);

    const health = await fetch(`http://127.0.0.1:${env.HTTP_PORT}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', imap: { state: 'connected' }, outbox: { pending: 0, sending: 0 } });

    const t0 = Date.now();
    hermes!.child.kill('SIGTERM');
    const { code } = await hermes!.exited;
    expect(code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(hermes!.stderr()).toContain('"msg":"stopped"');
  });
});
