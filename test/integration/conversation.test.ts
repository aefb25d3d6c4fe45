import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotBinary } from '../../src/devservers/dovecot.js';
import { startFakeGithub, type FakeGithub } from '../../src/devservers/fake-github.js';
import { startLocalMail, type LocalMail } from '../../src/devservers/local-mail.js';
import type { RunningDaemon } from '../../src/main.js';
import { loadPersona } from '../../src/persona/persona.js';
import { stablePromptShare } from '../../src/persona/prompt.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fake-anthropic.js';
import { startHermes } from '../support/hermes.js';
import { rawMail } from '../support/raw-mail.js';
import { waitUntil } from '../support/wait.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SSN = /\b9\d\d-\d\d-\d{4}\b/;
const RECRUITER = 'Jordan Blake <jordan.blake@brightpath-talent.example>';
const RECRUITER_ADDRESS = 'jordan.blake@brightpath-talent.example';

/** What the fake model writes: it uses the fabricated values the system prompt hands it, as a real model would. */
function modelReply(body: { system?: Array<{ text: string }> }): string {
  const system = (body.system ?? []).map((b) => b.text).join('\n');
  const ssn = SSN.exec(system)?.[0];
  if (ssn) return `Hi Jordan,\n\nSure, for the submission: my SSN is ${ssn}.\n\nBest,\nAlex`;
  return 'Hi Jordan,\n\nThanks for the details, happy to keep this going over email.\n\nBest,\nAlex';
}

const systemText = (body: any): string => (body.system ?? []).map((b: { text: string }) => b.text).join('\n');
const isReplyRequest = (body: any): boolean => !body?.tool_choice;

describe.skipIf(!dovecotBinary())('a full conversation through the mail loop', () => {
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let github: FakeGithub;
  let daemon: RunningDaemon;
  let dbPath: string;
  let n = 0;

  beforeAll(async () => {
    mail = await startLocalMail();
    fake = await startFakeAnthropic({ kind: 'text', text: modelReply });
    github = await startFakeGithub();
    daemon = await startHermes(mail, {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: fake.url,
      LLM_MAX_RETRIES: '0',
      OWNER_ALERT_ADDRESS: mail.owner.address,
      GITHUB_REPO: 'alexmorgan/hermes',
      GITHUB_API_URL: github.url,
      RESUME_URL: 'https://alex.example.org/resume.pdf',
      HERMES_FROM_NAME: 'Alex Morgan',
      // A smaller model for the intent, one that takes a sampling temperature.
      INTENT_MODEL: 'claude-haiku-4-5',
      SEND_LIMIT_PER_RECIPIENT_PER_DAY: '100',
    });
    dbPath = daemon.ctx.config.databasePath;
  });
  afterAll(async () => {
    await daemon?.shutdown();
    await github?.stop();
    await fake?.stop();
    await mail?.stop();
  });

  async function deliver(text: string, subject = 'Senior Backend Engineer at Northwind'): Promise<string> {
    n++;
    const id = `<conv-${n}@brightpath-talent.example>`;
    await mail.append(mail.hermes, rawMail({ from: RECRUITER, messageId: id, subject: n === 1 ? subject : `Re: ${subject}`, text }));
    await waitUntil(async () => {
      const r = await daemon.ctx.db.selectFrom('raw_messages').select('status').where('message_id', '=', id).executeTakeFirst();
      return r && r.status !== 'pending';
    }, { what: `message ${id} processed` });
    return id;
  }
  const conversation = () => daemon.ctx.db.selectFrom('conversations').selectAll().where('sender', '=', RECRUITER_ADDRESS).executeTakeFirstOrThrow();
  const lastInbound = () =>
    daemon.ctx.db.selectFrom('messages').selectAll().where('sender', '=', RECRUITER_ADDRESS).where('direction', '=', 'inbound').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const lastReply = async () => {
    const c = await conversation();
    return daemon.ctx.db.selectFrom('messages').selectAll().where('conversation_id', '=', c.id).where('direction', '=', 'outbound').orderBy('id', 'desc').executeTakeFirst();
  };
  const replyRequests = () => fake.requests.map((r) => r.body).filter(isReplyRequest);
  const sentReplies = async () => {
    const c = await conversation();
    return daemon.ctx.db.selectFrom('outbox').selectAll().where('conversation_id', '=', c.id).where('kind', '=', 'reply').where('status', '=', 'sent').execute();
  };

  it('first contact: INITIAL -> ENGAGING, a model reply with the layered, cached system prompt', async () => {
    await deliver('Hi Alex,\n\nI came across your profile and I am recruiting for a Senior Backend Engineer role at Northwind, a logistics startup. Would you be open to hearing more?\n\nJordan');
    const c = await conversation();
    expect(c.state).toBe('ENGAGING');
    const inbound = await lastInbound();
    expect(inbound).toMatchObject({ intent: 'initial_contact', intent_source: 'llm', transition: 'state INITIAL -> ENGAGING', action: 'respond' });
    const reply = await lastReply();
    expect(reply?.ai_model).toBeTruthy();

    const body = replyRequests().at(-1);
    const blocks = body.system as Array<{ text: string; cache_control?: unknown }>;
    // Persona and state instructions first and cached; the star push (this conversation's repo) after them.
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(blocks[1]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(blocks.at(-1)!.cache_control).toBeUndefined();
    expect(systemText(body)).toContain('github.com/alexmorgan/hermes');
    // The recruiter's words are only in the user turn, wrapped as untrusted.
    expect(systemText(body)).not.toContain('logistics startup');
    expect(body.messages.at(-1).content).toContain('<recruiter_email>');
    expect(body.messages.at(-1).content).toContain('logistics startup');
    // The intent was asked for with a forced tool at temperature 0, of the intent model; the
    // reply model (generation 5) takes no temperature, so none is sent to it.
    const intentCall = fake.requests.map((r) => r.body).filter((b) => b?.tool_choice).at(-1);
    expect(intentCall).toMatchObject({ model: 'claude-haiku-4-5', tool_choice: { type: 'tool' }, temperature: 0 });
    expect(body.model).toBe('claude-sonnet-5-5');
    expect('temperature' in body).toBe(false);
    await waitUntil(async () => (await sentReplies()).length >= 1, { what: 'first reply sent' });
  });

  it('a phone request is deflected with an excuse and the star gate', async () => {
    await deliver('Great! Can we hop on a quick call tomorrow afternoon? What is the best number to reach you?');
    expect((await conversation()).state).toBe('PHONE_REQUESTED');
    expect(await lastInbound()).toMatchObject({ intent: 'phone_request', action: 'respond' });
    const system = systemText(replyRequests().at(-1));
    const used: number[] = JSON.parse((await conversation()).phone_excuses_used);
    expect(used).toHaveLength(1);
    const excuse = loadPersona(daemon.ctx.config.configDir).phoneExcuses[used[0]!]!;
    expect(system).toContain(excuse);
    expect(system.toLowerCase()).toContain('star');
  });

  it('a PII request is stalled once, then answered with this conversation\'s fabricated values, the same when asked again', async () => {
    // After the call request the star gate holds the state, but the PII path runs as anywhere else.
    await deliver('Before I can submit you, I need your SSN and date of birth for the client portal.');
    expect((await conversation()).state).toBe('PHONE_REQUESTED');
    expect(await lastInbound()).toMatchObject({ intent: 'pii_request', action: 'respond' });
    expect((await conversation()).pii_stalled).toBe(1);
    expect(SSN.test(systemText(replyRequests().at(-1)))).toBe(false);

    await deliver('I really do need the SSN and DOB today, otherwise I cannot submit you.');
    const c = await conversation();
    expect(c.state).toBe('PHONE_REQUESTED');
    expect((await lastInbound()).action).toBe('send_pii');
    const first = SSN.exec(systemText(replyRequests().at(-1)))?.[0];
    expect(first).toBeDefined();
    const reply = await lastReply();
    expect(reply!.body_text).toContain(first!);
    expect(reply!.template_used).toBeNull();

    // `hermes fabricate` shows the owner exactly what the recruiter was told.
    const out = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'fabricate', String(c.id)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_PATH: dbPath, LOG_LEVEL: 'silent' },
    });
    const fabricated = JSON.parse(out.stdout);
    expect(fabricated.ssn).toBe(first);
    expect(fabricated.dob).toMatch(/^19(8[5-9]|9[0-5])-\d\d-\d\d$/);
    expect(systemText(replyRequests().at(-1))).toContain(fabricated.dob);

    await deliver('Sorry, the portal timed out. Can you send the SSN once more?');
    expect(SSN.exec(systemText(replyRequests().at(-1)))?.[0]).toBe(first);
    await waitUntil(async () => (await sentReplies()).filter((r) => r.body_text.includes(first!)).length >= 2, { what: 'both PII replies sent' });
  });

  it('a GitHub username: not starred -> AWAITING_STAR; starred on a scheduler re-check -> STARRED, owner alerted, no more replies', async () => {
    await deliver('Fine, you can find me on GitHub: github.com/jordan-blake-dev. What now?');
    let c = await conversation();
    expect(c.github_username).toBe('jordan-blake-dev');
    expect(c.state).toBe('AWAITING_STAR');
    expect(await lastInbound()).toMatchObject({ intent: 'github_username', action: 'check_star' });
    expect(github.requests.some((r) => r.path === '/users/jordan-blake-dev/starred/alexmorgan/hermes')).toBe(true);

    github.star('jordan-blake-dev', 'alexmorgan', 'hermes');
    await daemon.ctx.db.updateTable('conversations').set({ star_check_after: 0 }).where('id', '=', c.id).execute();
    const runResult = await daemon.ctx.scheduler.runOnce();
    expect(runResult?.stars).toMatchObject({ checked: 1, starred: 1 });
    c = await conversation();
    expect(c.state).toBe('STARRED');
    expect(c.star_verified).toBe(1);
    const [alert] = await waitUntil(async () => {
      const a = (await mail.inbox(mail.owner)).filter((m) => m.subject.includes('Starred'));
      return a.length > 0 ? a : null;
    }, { what: 'star alert to the owner' });
    expect(alert!.text).toContain('jordan-blake-dev');
    expect(alert!.text).toContain('hop on a quick call');

    // No further automatic replies to this recruiter, threaded or not.
    const replies = () => daemon.ctx.db.selectFrom('outbox').select('id').where('kind', '=', 'reply').where('to_address', '=', RECRUITER_ADDRESS).execute();
    const before = (await replies()).length;
    await deliver('Thanks for the star link! When can we talk?');
    expect((await replies()).length).toBe(before);
    expect(await daemon.ctx.db.selectFrom('conversations').select('id').where('sender', '=', RECRUITER_ADDRESS).execute()).toHaveLength(1);
  });

  it('turns 2+ keep most input tokens in the cacheable stable layers', async () => {
    // What the provider reported, as stored per outbound message: the first reply writes the
    // cached prefix, later ones read it.
    const c = await conversation();
    const rows = await daemon.ctx.db
      .selectFrom('messages')
      .select(['tokens_in', 'cache_read_tokens', 'cache_creation_tokens', 'ai_model'])
      .where('conversation_id', '=', c.id)
      .where('direction', '=', 'outbound')
      .orderBy('id')
      .execute();
    expect(rows[0]!.cache_creation_tokens).toBeGreaterThan(1000);
    const later = rows.slice(1).filter((r) => r.ai_model);
    expect(later.length).toBeGreaterThanOrEqual(4);
    expect(later.some((r) => (r.cache_read_tokens ?? 0) > 1000)).toBe(true);
    const read = later.reduce((a, r) => a + (r.cache_read_tokens ?? 0), 0);
    const total = later.reduce((a, r) => a + (r.cache_read_tokens ?? 0) + (r.cache_creation_tokens ?? 0) + (r.tokens_in ?? 0), 0);
    console.log(`input tokens served from the prompt cache on turns 2+ (as reported per message): ${(100 * read / total).toFixed(1)}%`);

    const shares = replyRequests()
      .slice(1)
      .map((b) => stablePromptShare(
        b.system.map((s: { text: string; cache_control?: unknown }) => ({ text: s.text, cache: Boolean(s.cache_control) })),
        b.messages.map((m: { role: 'user' | 'assistant'; content: string }) => ({ role: m.role, text: m.content })),
      ));
    expect(shares.length).toBeGreaterThanOrEqual(4);
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    console.log(`stable cacheable share of input tokens, turns 2+: mean ${(100 * mean).toFixed(1)}%, min ${(100 * Math.min(...shares)).toFixed(1)}%`);
    expect(mean).toBeGreaterThanOrEqual(0.7);
  });
});
