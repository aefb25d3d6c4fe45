import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotBinary } from '../../src/devservers/dovecot.js';
import { startLocalMail, type LocalMail } from '../../src/devservers/local-mail.js';
import type { RunningDaemon } from '../../src/main.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fake-anthropic.js';
import { startHermes } from '../support/hermes.js';
import { rawMail } from '../support/raw-mail.js';
import { sleep, waitUntil } from '../support/wait.js';

describe.skipIf(!dovecotBinary())('mail loop end to end', () => {
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let daemon: RunningDaemon;

  beforeAll(async () => {
    mail = await startLocalMail();
    fake = await startFakeAnthropic({ kind: 'text', text: 'Hi Dana,\n\nThanks for getting in touch. Could you tell me more about the team?\n\nBest,\nAlex' });
    daemon = await startHermes(mail, { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_MS: '2000' });
  });

  afterAll(async () => {
    await daemon?.shutdown();
    await fake?.stop();
    await mail?.stop();
  });

  it('answers a recruiter once, threaded, and joins the follow-up to the same conversation', async () => {
    const firstId = await mail.send({ subject: 'Senior Backend Engineer at Acme', text: 'Hi Alex,\n\nI have a role you might like. Are you open to a chat?\n\nDana' });
    const reply = await waitUntil(async () => (await mail.inbox(mail.recruiter)).find((m) => m.inReplyTo === firstId), { what: 'first reply' });
    expect(reply.subject).toBe('Re: Senior Backend Engineer at Acme');
    expect(reply.references).toEqual([firstId]);
    expect(reply.autoSubmitted).toBe('auto-replied');
    expect(reply.from).toBe(mail.hermes.address);
    expect(reply.text).toContain('Could you tell me more about the team?');

    // The model saw the recruiter's text only in a user turn, never in the system prompt.
    const request = fake.requests.at(-1)!.body;
    expect(JSON.stringify(request.system)).not.toContain('role you might like');
    expect(request.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(JSON.stringify(request.messages)).toContain('role you might like');

    const secondId = await mail.send({
      subject: 'Re: Senior Backend Engineer at Acme',
      text: 'Great! The team is 8 people, all remote.',
      inReplyTo: reply.messageId!,
      references: `${firstId} ${reply.messageId}`,
    });
    const second = await waitUntil(async () => (await mail.inbox(mail.recruiter)).find((m) => m.inReplyTo === secondId), { what: 'second reply' });
    expect(second.references).toEqual([firstId, reply.messageId, secondId]);
    expect(second.subject).toBe('Re: Senior Backend Engineer at Acme');

    const conversations = await daemon.ctx.db.selectFrom('conversations').selectAll().execute();
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ message_count: 2, reply_count: 2, channel: 'standard' });

    // Exactly one reply per inbound, even after the sent copies came back through the mailbox.
    await sleep(1500);
    const replies = (await mail.inbox(mail.recruiter)).filter((m) => m.from === mail.hermes.address);
    expect(replies).toHaveLength(2);
    const outbox = await daemon.ctx.db.selectFrom('outbox').select(['status', 'confirmed_by']).execute();
    expect(outbox.map((o) => o.status)).toEqual(['sent', 'sent']);
    // The owner's mailbox copy (sent copy) is recorded but never answered, and nothing is marked read.
    const hermesBox = await mail.inbox(mail.hermes);
    expect(hermesBox.every((m) => !m.seen)).toBe(true);
  });
});

describe.skipIf(!dovecotBinary())('pipeline concurrency', () => {
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let daemon: RunningDaemon;

  beforeAll(async () => {
    mail = await startLocalMail();
    // A slow model: every call takes 1.5 s.
    fake = await startFakeAnthropic({ kind: 'text', text: 'Thanks, tell me more.\n\nAlex', delayMs: 1500 });
    daemon = await startHermes(mail, { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', PIPELINE_CONCURRENCY: '4' });
  });

  afterAll(async () => {
    await daemon?.shutdown();
    await fake?.stop();
    await mail?.stop();
  });

  it('writes replies to different senders at the same time, and keeps one sender in order', async () => {
    const t0 = Date.now();
    for (let i = 1; i <= 4; i++) {
      await mail.append(mail.hermes, rawMail({ from: `Recruiter ${i} <r${i}@agency${i}.example>`, messageId: `<par-${i}@agency.example>`, subject: `Role ${i}`, text: `Hi Alex, role ${i}.` }));
    }
    // Two mails from one sender, the second a follow-up without threading headers.
    await mail.append(mail.hermes, rawMail({ from: 'Sam <sam@agency9.example>', messageId: '<sam-1@agency9.example>', subject: 'First', text: 'Hi Alex.' }));
    await mail.append(mail.hermes, rawMail({ from: 'Sam <sam@agency9.example>', messageId: '<sam-2@agency9.example>', subject: 'Second', text: 'Following up.' }));
    const db = daemon.ctx.db;
    await waitUntil(async () => (await db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute()).length === 6, { timeoutMs: 30_000, what: 'six replies' });
    const elapsed = Date.now() - t0;
    // Each mail costs two model calls (intent, then reply). One at a time, the six mails would
    // take 12 × 1.5 s; four at a time, with Sam's two in a row, about 6 calls deep.
    expect(elapsed).toBeLessThan(8 * 1500);
    const sam = await db.selectFrom('conversations').selectAll().where('sender', '=', 'sam@agency9.example').execute();
    expect(sam).toHaveLength(1);
    expect(sam[0]).toMatchObject({ message_count: 2, reply_count: 2 });
    const samMessages = await db.selectFrom('messages').select(['direction', 'message_id']).where('conversation_id', '=', sam[0]!.id).orderBy('id').execute();
    expect(samMessages.map((m) => m.direction)).toEqual(['inbound', 'outbound', 'inbound', 'outbound']);
    expect(samMessages[0]!.message_id).toBe('<sam-1@agency9.example>');
  });
});
