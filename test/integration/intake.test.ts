import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { dovecotBinary } from '../../src/devservers/dovecot.js';
import { startLocalMail, type LocalMail } from '../../src/devservers/local-mail.js';
import { startDaemon, type RunningDaemon } from '../../src/main.js';
import { FAST_ENV, startHermes } from '../support/hermes.js';
import { captureLogger } from '../support/logger.js';
import { bigAttachmentMail, nestedPartsMail } from '../support/malformed.js';
import { rawMail } from '../support/raw-mail.js';
import { sleep, waitUntil } from '../support/wait.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

describe.skipIf(!dovecotBinary())('intake: first run, machine mail, bad input, limits, health', () => {
  let mail: LocalMail;
  let daemon: RunningDaemon | null = null;

  beforeAll(async () => {
    mail = await startLocalMail();
  });
  afterAll(async () => {
    await daemon?.shutdown();
    await mail?.stop();
  });

  const repliesTo = async (id: string) => (await mail.inbox(mail.recruiter)).filter((m) => m.inReplyTo === id);
  const restart = async (extra: Record<string, string>) => {
    await daemon?.shutdown();
    daemon = await startHermes(mail, extra);
    return daemon;
  };

  it('records mail already in the mailbox on the first run without answering it, then answers new mail', async () => {
    await mail.append(mail.hermes, rawMail({ messageId: '<old-1@talentco.example>', subject: 'Old one', text: 'Hi Alex, an old note.' }));
    await mail.append(mail.hermes, rawMail({ messageId: '<old-2@talentco.example>', subject: 'Old two', text: 'Hi Alex, another old note.' }));
    const d = await restart({ DATABASE_PATH: `${mail.workDir}/first-run.sqlite` });
    const old = await d.ctx.db.selectFrom('raw_messages').selectAll().orderBy('uid').execute();
    expect(old.map((r) => r.message_id)).toEqual(['<old-1@talentco.example>', '<old-2@talentco.example>']);
    await waitUntil(async () => (await d.ctx.db.selectFrom('raw_messages').select('status').where('status', '=', 'pending').execute()).length === 0, { what: 'processed' });
    const statuses = await d.ctx.db.selectFrom('raw_messages').select(['status', 'decision']).execute();
    expect(statuses.every((s) => s.status === 'ignored' && JSON.parse(s.decision!).reason === 'pre-existing-mail')).toBe(true);

    const id = await mail.send({ subject: 'Fresh one', text: 'Hi Alex, a new role.' });
    await waitUntil(async () => (await repliesTo(id)).length === 1, { what: 'reply to new mail' });
    expect(await repliesTo('<old-1@talentco.example>')).toHaveLength(0);
  });

  it('answers mail that arrived while Hermes was stopped, at its next start', async () => {
    await daemon?.shutdown();
    daemon = null;
    const id = '<while-down@talentco.example>';
    await mail.append(mail.hermes, rawMail({ messageId: id, subject: 'While you were down', text: 'Hi Alex, a role for you.' }));
    await restart({ DATABASE_PATH: `${mail.workDir}/first-run.sqlite` });
    await waitUntil(async () => (await repliesTo(id)).length === 1, { what: 'reply after restart' });
  });

  it('answers the mail already there when BACKFILL_ON_FIRST_RUN is set', async () => {
    await restart({ DATABASE_PATH: `${mail.workDir}/backfill.sqlite`, BACKFILL_ON_FIRST_RUN: 'true' });
    await waitUntil(async () => (await repliesTo('<old-1@talentco.example>')).length === 1 && (await repliesTo('<old-2@talentco.example>')).length === 1, {
      what: 'backfilled replies',
    });
  });

  it('stores machine mail and never answers it, naming the rule', async () => {
    const d = await restart({ DATABASE_PATH: `${mail.workDir}/machine.sqlite` });
    const sentBefore = mail.sink.accepted.length;
    const fixtures = readdirSync(path.join(FIXTURES, 'machine'));
    for (const f of fixtures) await mail.append(mail.hermes, readFileSync(path.join(FIXTURES, 'machine', f)));
    const human = await mail.send({ subject: 'A human after the machines', text: 'Hi Alex, are you open to a new role?' });
    await waitUntil(async () => (await repliesTo(human)).length === 1, { what: 'reply to the human' });
    await sleep(1000);

    const rows = await d.ctx.db.selectFrom('raw_messages').select(['message_id', 'status', 'decision']).execute();
    const machine = rows.filter((r) => r.status === 'ignored').map((r) => JSON.parse(r.decision!).machine);
    expect(machine).toEqual(expect.arrayContaining(['auto-submitted', 'delivery-report', 'list-mail', 'no-reply-sender']));
    // Only the human's reply (plus its sent copy in the same SMTP transaction) left Hermes.
    const sent = mail.sink.accepted.slice(sentBefore).filter((m) => m.envelopeFrom === mail.hermes.address);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.recipients).toContain(mail.recruiter.address);
  });

  it('survives malformed mail: each one is stored and logged, and the next good mail is answered', async () => {
    const capture = captureLogger('info');
    await daemon?.shutdown();
    const config = loadConfig(mail.hermesEnv({ ...FAST_ENV, DATABASE_PATH: `${mail.workDir}/malformed.sqlite` }), { daemon: true });
    daemon = await startDaemon(config, { log: capture.log });
    const d = daemon;
    await waitUntil(() => d.ctx.watcher.caughtUp, { what: 'sync' });
    const before = (await d.ctx.db.selectFrom('raw_messages').select('id').execute()).length;

    const bad = readdirSync(path.join(FIXTURES, 'malformed')).filter((f) => f !== 'empty.eml');
    for (const f of bad) await mail.append(mail.hermes, readFileSync(path.join(FIXTURES, 'malformed', f)));
    await mail.append(mail.hermes, bigAttachmentMail(20 * 1024 * 1024));
    await mail.append(mail.hermes, nestedPartsMail(5000));
    const good = '<after-the-storm@talentco.example>';
    await mail.append(mail.hermes, rawMail({ messageId: good, subject: 'Still there?', text: 'Hi Alex, a role for you.' }));

    await waitUntil(async () => (await repliesTo(good)).length === 1, { timeoutMs: 30_000, what: 'reply after malformed mail' });
    const rows = await d.ctx.db.selectFrom('raw_messages').select(['id', 'status', 'size', 'error']).where('id', '>', 0).execute();
    const stored = rows.slice(before);
    expect(stored.length).toBeGreaterThanOrEqual(bad.length + 3);
    expect(stored.every((r) => r.status !== 'pending')).toBe(true);
    expect(stored.some((r) => r.size > 20 * 1024 * 1024)).toBe(true);
    const nested = stored.find((r) => r.status === 'failed');
    expect(nested?.error).toMatch(/cannot parse/);
    // Each failure is logged with its id, and no address or subject reaches info logs.
    const failures = capture.lines().filter((l) => l.msg === 'message could not be parsed; stored and skipped');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures[0]).toHaveProperty('rawId');
    expect(capture.text()).not.toContain(mail.recruiter.address);
    expect(capture.text()).not.toContain('Still there?');
    expect(capture.text()).not.toContain(mail.hermes.password);
  });

  it('withholds replies past the per-recipient daily limit', async () => {
    const d = await restart({ DATABASE_PATH: `${mail.workDir}/limit.sqlite`, SEND_LIMIT_PER_RECIPIENT_PER_DAY: '2' });
    const from = 'Loop Bot <looping@agency.example>';
    for (let i = 1; i <= 3; i++) {
      await mail.append(mail.hermes, rawMail({ from, messageId: `<loop-${i}@agency.example>`, subject: `Loop ${i}`, text: `Message ${i}` }));
    }
    // All three stored and none left pending (an empty table would pass the second test alone).
    const ids = ['<loop-1@agency.example>', '<loop-2@agency.example>', '<loop-3@agency.example>'];
    await waitUntil(async () => {
      const rows = await d.ctx.db.selectFrom('raw_messages').select('status').where('message_id', 'in', ids).execute();
      return rows.length === 3 && rows.every((r) => r.status !== 'pending');
    }, { what: 'processed' });
    const outbox = await d.ctx.db.selectFrom('outbox').select('to_address').where('to_address', '=', 'looping@agency.example').execute();
    expect(outbox).toHaveLength(2);
    const third = await d.ctx.db.selectFrom('raw_messages').select(['decision', 'status']).where('message_id', '=', '<loop-3@agency.example>').executeTakeFirstOrThrow();
    expect(JSON.parse(third.decision!).reason).toBe('send-limit');
    // Still recorded in the conversation, just not answered.
    expect(third.status).toBe('processed');
  });

  it('survives a UIDVALIDITY change without replaying known mail', async () => {
    const d = await restart({ DATABASE_PATH: `${mail.workDir}/uidvalidity.sqlite`, BACKFILL_ON_FIRST_RUN: 'false' });
    const outboxBefore = (await d.ctx.db.selectFrom('outbox').select('id').execute()).length;
    const before = await d.ctx.db.selectFrom('mailbox_state').selectAll().executeTakeFirstOrThrow();
    await mail.dovecot.stop();
    const maildir = path.join(mail.dovecot.baseDir, 'mail', mail.hermes.user, 'Maildir');
    for (const f of readdirSync(maildir)) if (f.startsWith('dovecot-uid') || f === 'dovecot.index' || f.startsWith('dovecot.index')) rmSync(path.join(maildir, f), { force: true });
    await sleep(1100); // UIDVALIDITY is time-based
    await mail.dovecot.start();
    await waitUntil(async () => {
      const s = await d.ctx.db.selectFrom('mailbox_state').selectAll().executeTakeFirst();
      return s && s.uidvalidity !== before.uidvalidity;
    }, { timeoutMs: 20_000, what: 'new UIDVALIDITY seen' });
    await sleep(1000);
    expect((await d.ctx.db.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore);
    const id = await mail.send({ subject: 'After the reset', text: 'Hi Alex, one more role.' });
    await waitUntil(async () => (await repliesTo(id)).length === 1, { what: 'reply after reset' });
  });

  it('reports health, and 503 when the mailbox has not synced for too long', async () => {
    await daemon?.shutdown();
    let offset = 0;
    const config = loadConfig(mail.hermesEnv({ ...FAST_ENV, DATABASE_PATH: `${mail.workDir}/health.sqlite`, HEALTH_MAX_SYNC_AGE_SECONDS: '60', IMAP_RESYNC_INTERVAL_SECONDS: '3600' }), { daemon: true });
    daemon = await startDaemon(config, { log: captureLogger('silent').log, now: () => Date.now() + offset });
    const d = daemon;
    await waitUntil(() => d.ctx.watcher.caughtUp, { what: 'sync' });
    const ok = await d.server.inject({ method: 'GET', url: '/healthz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', imap: { state: 'connected' }, outbox: { pending: 0, failed: 0 } });
    offset = 61_000;
    const stale = await d.server.inject({ method: 'GET', url: '/healthz' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toMatchObject({ status: 'unhealthy' });
  });
});
