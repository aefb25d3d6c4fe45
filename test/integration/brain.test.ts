import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiCommand } from '../../src/commands/ai.js';
import { fabricateCommand } from '../../src/commands/fabricate.js';
import { dovecotBinary } from '../../src/devservers/dovecot.js';
import { startFakeGithub, type FakeGithub } from '../../src/devservers/fake-github.js';
import { startLocalMail, type LocalMail, type MailAccount } from '../../src/devservers/local-mail.js';
import type { RunningDaemon } from '../../src/main.js';
import { loadPersona } from '../../src/persona/persona.js';
import { renderTemplate } from '../../src/persona/templates.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fake-anthropic.js';
import { startHermes } from '../support/hermes.js';
import { rawMail } from '../support/raw-mail.js';
import { sleep, waitUntil } from '../support/wait.js';
import { tempDir } from '../support/temp-dir.js';

const REPO = 'alexmorgan/hermes';
const REPO_URL = `https://github.com/${REPO}`;
const RESUME_URL = 'https://alex.example.org/resume.pdf';
const SSN_LIKE = /\b\d{3}-\d{2}-\d{4}\b/g;
const norm = (s: string) => s.replace(/\r\n/g, '\n').trim();

/** What the tests need from one running daemon: deliver a mail, wait for it, read the outcome. */
function harness(mail: LocalMail, daemon: () => RunningDaemon, tag: string) {
  let n = 0;
  const db = () => daemon().ctx.db;
  return {
    /** APPENDs a mail to Hermes's inbox and waits until the pipeline has settled it. */
    async deliver(m: { from: string; subject: string; text: string; inReplyTo?: string | null }): Promise<string> {
      n++;
      const id = `<${tag}-${n}@mail.example>`;
      const headers = m.inReplyTo ? `In-Reply-To: ${m.inReplyTo}\r\nReferences: ${m.inReplyTo}` : undefined;
      await mail.append(mail.hermes, rawMail({ from: m.from, messageId: id, subject: m.subject, text: m.text, headers }));
      await this.settled(id);
      return id;
    },
    async settled(messageId: string) {
      return waitUntil(async () => {
        const r = await db().selectFrom('raw_messages').selectAll().where('message_id', '=', messageId).executeTakeFirst();
        return r && r.status !== 'pending' ? r : null;
      }, { what: `message ${messageId} processed` });
    },
    conversationOf: (sender: string) => db().selectFrom('conversations').selectAll().where('sender', '=', sender).orderBy('id', 'desc').executeTakeFirstOrThrow(),
    inboundOf: (messageId: string) => db().selectFrom('messages').selectAll().where('message_id', '=', messageId).where('direction', '=', 'inbound').executeTakeFirstOrThrow(),
    /** The reply rows (messages, direction outbound) of a conversation, oldest first. */
    repliesOf: (conversationId: number) =>
      db().selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).where('direction', '=', 'outbound').orderBy('id').execute(),
    outboxOf: (conversationId: number, kind?: 'reply' | 'alert' | 'monitor') => {
      let q = db().selectFrom('outbox').selectAll().where('conversation_id', '=', conversationId);
      if (kind) q = q.where('kind', '=', kind);
      return q.orderBy('id').execute();
    },
    /** Waits until the outbox row of this reply (by its Message-ID) was handed to the SMTP peer. */
    async sent(rfcMessageId: string) {
      return waitUntil(async () => {
        const r = await db().selectFrom('outbox').selectAll().where('rfc_message_id', '=', rfcMessageId).executeTakeFirst();
        return r?.status === 'sent' ? r : null;
      }, { what: `outbox ${rfcMessageId} sent` });
    },
  };
}

/** Every message in an account's INBOX, parsed in full (attachments included). */
async function readInbox(mail: LocalMail, account: MailAccount): Promise<ParsedMail[]> {
  const client = new ImapFlow({ host: mail.dovecot.host, port: mail.dovecot.port, secure: false, auth: { user: account.user, pass: account.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  const out: ParsedMail[] = [];
  try {
    const box = await client.mailboxOpen('INBOX', { readOnly: true });
    if (box.exists === 0) return out;
    for await (const msg of client.fetch('1:*', { uid: true, source: true })) {
      if (msg.source) out.push(await simpleParser(msg.source));
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
  return out;
}

describe.skipIf(!dovecotBinary())('the brain with AI off: templates per action, monitoring copies, ghosting', () => {
  const DANA = 'Dana Recruiter <dana.recruiter@talentco.example>';
  const SUBJECT = 'Platform Engineer at Acme Logistics';
  const resumeBytes = Buffer.from('%PDF-1.4\n% Alex Morgan, resume for tests\n%%EOF\n');
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let github: FakeGithub;
  let daemon: RunningDaemon;
  let startedAt: number;
  let resumeDir: string;
  let resumeFile: string;
  let hx: ReturnType<typeof harness>;
  const persona = loadPersona(path.resolve(import.meta.dirname, '../../config'));
  /** Dana's inbound texts and Hermes's reply texts, in order, for the monitoring check. */
  const exchanges: Array<{ inbound: string; reply: string | null }> = [];
  let lastReplyId: string | null = null;

  beforeAll(async () => {
    mail = await startLocalMail();
    // A key and a reachable fake model: AI_MODE=off alone must keep every reply on templates.
    fake = await startFakeAnthropic();
    github = await startFakeGithub();
    resumeDir = tempDir('hermes-resume-');
    resumeFile = path.join(resumeDir, 'alex-morgan-resume.pdf');
    writeFileSync(resumeFile, resumeBytes);
    startedAt = Date.now();
    daemon = await startHermes(mail, {
      AI_MODE: 'off',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: fake.url,
      LLM_MAX_RETRIES: '0',
      GITHUB_REPO: REPO,
      GITHUB_API_URL: github.url,
      RESUME_URL,
      RESUME_FILE: resumeFile,
      MONITOR_ADDRESS: mail.owner.address,
      // A crisis-safe model is listed, but AI off means no model writes anything, that reply included.
      CRISIS_SAFE_MODELS: 'claude-crisis-safe',
      HERMES_FROM_NAME: 'Alex Morgan',
      SEND_LIMIT_PER_RECIPIENT_PER_DAY: '100',
      GHOST_AFTER_UNANSWERED: '4',
      // One timed run 5 s after the start, then none: the scheduler test runs its own.
      SCHEDULER_INTERVAL_SECONDS: '86400',
    });
    hx = harness(mail, () => daemon, 'off');
  });
  afterAll(async () => {
    await daemon?.shutdown();
    await github?.stop();
    await fake?.stop();
    await mail?.stop();
  });

  /** One turn from Dana (the LocalMail recruiter, whose inbox can be read), answering Hermes's last reply. */
  async function dana(text: string) {
    const id = await hx.deliver({ from: DANA, subject: lastReplyId ? `Re: ${SUBJECT}` : SUBJECT, text, inReplyTo: lastReplyId });
    const inbound = await hx.inboundOf(id);
    const c = await hx.conversationOf(mail.recruiter.address);
    const reply = (await hx.repliesOf(c.id)).find((r) => r.in_reply_to === id) ?? null;
    exchanges.push({ inbound: text, reply: reply?.body_text ?? null });
    if (reply) lastReplyId = reply.message_id;
    return { inbound, conversation: c, reply };
  }

  it('first contact: reply-1 with the casual star push sentence, intent from the keyword rules', async () => {
    const { inbound, conversation, reply } = await dana(
      'Hi Alex,\n\nI am recruiting for a Platform Engineer role at Acme Logistics, a remote-first team. Would you be open to hearing more?\n\nDana',
    );
    expect(conversation.state).toBe('ENGAGING');
    expect(inbound).toMatchObject({ intent: 'initial_contact', intent_source: 'keywords', transition: 'state INITIAL -> ENGAGING', action: 'respond' });
    expect(reply).not.toBeNull();
    expect(reply!.ai_model).toBeNull();
    expect(reply!.template_used).toBe('reply-1+star-push-casual');
    const starSentence = renderTemplate(persona.templates['star-push-casual'], { repoUrl: REPO_URL });
    expect(reply!.body_text).toContain(starSentence);
    expect(reply!.body_text.startsWith('Hi Dana,')).toBe(true);

    await hx.sent(reply!.message_id!);
    const delivered = (await mail.inbox(mail.recruiter)).find((m) => m.messageId === reply!.message_id);
    expect(delivered).toBeDefined();
    expect(delivered!.subject).toBe(`Re: ${SUBJECT}`);
    expect(delivered!.autoSubmitted).toBe('auto-replied');
    expect(norm(delivered!.text)).toContain(starSentence);
  });

  it('a resume request: send_resume with the RESUME_URL, and the file arrives attached', async () => {
    const { inbound, conversation, reply } = await dana('Thanks Alex! Could you send me your latest resume so I can share it with the hiring manager?');
    expect(inbound).toMatchObject({ intent: 'resume_request', intent_source: 'keywords', action: 'send_resume' });
    expect(conversation.state).toBe('RESUME_SENT');
    expect(reply!.template_used).toBe('resume');
    expect(reply!.body_text).toContain(RESUME_URL);

    const row = await hx.sent(reply!.message_id!);
    expect(row.attachment_path).toBe(resumeFile);
    // Read back from the recruiter's mailbox as delivered: the attachment, byte for byte.
    const delivered = (await readInbox(mail, mail.recruiter)).find((m) => m.messageId === reply!.message_id);
    expect(delivered).toBeDefined();
    expect(delivered!.text).toContain(RESUME_URL);
    expect(delivered!.attachments).toHaveLength(1);
    const [file] = delivered!.attachments;
    expect(file!.filename).toBe('alex-morgan-resume.pdf');
    expect(Buffer.compare(file!.content, resumeBytes)).toBe(0);
  });

  it('PII asked twice: the stall template, then pii-provide with exactly the values `hermes fabricate` shows', async () => {
    const first = await dana('Before I can submit you to the client I need your SSN and date of birth for their portal.');
    expect(first.inbound).toMatchObject({ intent: 'pii_request', intent_source: 'keywords', action: 'respond' });
    expect(first.conversation.state).toBe('PII_FISHING');
    expect(first.conversation.pii_stalled).toBe(1);
    expect(first.reply!.template_used).toBe('pii-stall');
    expect(first.reply!.body_text.match(SSN_LIKE)).toBeNull();

    const second = await dana('I really do need the SSN and date of birth today, otherwise I cannot submit you.');
    expect(second.inbound).toMatchObject({ intent: 'pii_request', intent_source: 'keywords', action: 'send_pii' });
    expect(second.conversation.state).toBe('PII_PROVIDED');
    expect(second.reply!.template_used).toBe('pii-provide');

    const f = await fabricateCommand(daemon.ctx.config, [String(second.conversation.id)]);
    const body = second.reply!.body_text;
    expect(body).toContain(`SSN: ${f.ssn}`);
    expect(body).toContain(`Date of birth: ${f.dob}`);
    expect(body).toContain(`Address: ${f.address}, ${f.cityState}`);
    expect(body).toContain(`Driving licence: ${f.driversLicense}`);
    // No other number shaped like an SSN, and nothing else that looks like a date.
    expect(body.match(SSN_LIKE)).toEqual([f.ssn]);
    expect(body.match(/\b\d{4}-\d{2}-\d{2}\b/g)).toEqual([f.dob]);
    const delivered = (await hx.sent(second.reply!.message_id!)).body_text;
    expect(delivered).toBe(body);
  });

  it('a phone request: the phone-deflect template with one of the configured excuses and the star gate', async () => {
    const { inbound, conversation, reply } = await dana('Great, thanks. Can we hop on a quick call tomorrow afternoon? What is the best number to reach you?');
    expect(inbound).toMatchObject({ intent: 'phone_request', intent_source: 'keywords', action: 'respond' });
    expect(conversation.state).toBe('PHONE_REQUESTED');
    expect(reply!.template_used).toBe('phone-deflect');
    const used: number[] = JSON.parse(conversation.phone_excuses_used);
    expect(used).toHaveLength(1);
    const excuse = persona.phoneExcuses[used[0]!]!;
    expect(reply!.body_text).toContain(excuse);
    expect(persona.phoneExcuses.filter((e) => reply!.body_text.includes(e))).toEqual([excuse]);
    expect(reply!.body_text).toContain(renderTemplate(persona.templates['star-push-gate'], { repoUrl: REPO_URL }));
    await hx.sent(reply!.message_id!);
  });

  it('a crisis email gets the crisis template, not the crisis-safe model, while AI_MODE=off', async () => {
    const from = 'casey.north@northwind-people.example';
    await hx.deliver({ from: `Casey North <${from}>`, subject: 'sorry', text: "I can't do this anymore. I have been thinking about ending my life and I don't see a way out." });
    const c = await hx.conversationOf(from);
    const [reply] = await hx.repliesOf(c.id);
    expect(reply!.template_used).toBe('crisis');
    expect(reply!.ai_model).toBeNull();
    expect(reply!.body_text).toContain('988');
  });

  it('no model request ever reached the API while AI_MODE=off', async () => {
    const c = await hx.conversationOf(mail.recruiter.address);
    const inbound = await daemon.ctx.db.selectFrom('messages').select(['intent_source']).where('conversation_id', '=', c.id).where('direction', '=', 'inbound').execute();
    expect(inbound.map((m) => m.intent_source)).toEqual(['keywords', 'keywords', 'keywords', 'keywords', 'keywords']);
    expect(fake.requests).toHaveLength(0);
  });

  it('MONITOR_ADDRESS: one auto-generated copy per exchange in the owner\'s inbox, not counted as a reply', async () => {
    const c = await hx.conversationOf(mail.recruiter.address);
    const monitors = await hx.outboxOf(c.id, 'monitor');
    const replies = await hx.outboxOf(c.id, 'reply');
    expect(monitors).toHaveLength(exchanges.length);
    expect(replies).toHaveLength(exchanges.length);
    expect(monitors.every((m) => m.to_address === mail.owner.address)).toBe(true);
    // The counters and the per-recipient limit only see replies.
    expect(c.reply_count).toBe(replies.length);
    expect(c.unanswered_replies).toBe(1);
    expect(replies.every((r) => r.to_address === mail.recruiter.address)).toBe(true);

    await waitUntil(async () => (await hx.outboxOf(c.id, 'monitor')).every((m) => m.status === 'sent'), { what: 'monitor copies sent' });
    const inbox = (await mail.inbox(mail.owner)).filter((m) => m.subject.startsWith('[Hermes monitor]') && m.text.includes(`Conversation ${c.id} `));
    expect(inbox).toHaveLength(exchanges.length);
    for (const e of exchanges) {
      const copies = inbox.filter((m) => norm(m.text).includes(e.inbound));
      expect(copies, e.inbound).toHaveLength(1);
      expect(norm(copies[0]!.text)).toContain(norm(e.reply!));
      expect(copies[0]!.autoSubmitted).toBe('auto-generated');
    }
    // Never a copy in the recruiter's mailbox.
    expect((await mail.inbox(mail.recruiter)).some((m) => m.subject.startsWith('[Hermes monitor]'))).toBe(false);
  });

  it('a rejection ghosts the conversation: no reply now, none to a later mail in that thread', async () => {
    const sam = 'sam.lee@initech-talent.example';
    const subject = 'Data Engineer at Initech';
    const firstId = await hx.deliver({ from: `Sam Lee <${sam}>`, subject, text: 'Hi Alex, I have a Data Engineer opening at Initech, fully remote. Interested in learning more?' });
    let c = await hx.conversationOf(sam);
    const [ourReply] = await hx.repliesOf(c.id);
    expect(ourReply!.in_reply_to).toBe(firstId);

    const rejectionId = await hx.deliver({
      from: `Sam Lee <${sam}>`,
      subject: `Re: ${subject}`,
      text: 'Thank you for your time. Unfortunately we decided to move forward with other candidates for this position.',
      inReplyTo: ourReply!.message_id,
    });
    c = await hx.conversationOf(sam);
    expect(c.state).toBe('GHOSTED');
    expect(await hx.inboundOf(rejectionId)).toMatchObject({ intent: 'rejection', intent_source: 'keywords', transition: 'state ENGAGING -> GHOSTED', action: 'ghost' });
    expect(await hx.outboxOf(c.id, 'reply')).toHaveLength(1);
    // The monitoring copy of this exchange says there was no reply.
    const monitors = await hx.outboxOf(c.id, 'monitor');
    expect(monitors).toHaveLength(2);
    expect(monitors[1]!.body_text).toContain('--- no reply ---');

    const laterId = await hx.deliver({
      from: `Sam Lee <${sam}>`,
      subject: `Re: ${subject}`,
      text: 'Hi again, a new role came up that might suit you better. Interested?',
      inReplyTo: ourReply!.message_id,
    });
    const raw = await hx.settled(laterId);
    expect(raw.status).toBe('processed');
    expect(JSON.parse(raw.decision!)).toMatchObject({ answer: false, reason: 'terminal-conversation' });
    const later = await hx.inboundOf(laterId);
    expect(later.conversation_id).toBe(c.id);
    expect(later.action).toBeNull();
    expect((await hx.conversationOf(sam)).state).toBe('GHOSTED');
    expect(await hx.outboxOf(c.id, 'reply')).toHaveLength(1);

    // Nor does a fresh, unthreaded mail from that sender: the ended conversation still holds it.
    const unthreadedId = await hx.deliver({ from: `Sam Lee <${sam}>`, subject: `Re: ${subject}`, text: 'Hi again, just checking whether you saw my last note?' });
    expect(JSON.parse((await hx.settled(unthreadedId)).decision!)).toMatchObject({ thread: 'sender', answer: false, reason: 'terminal-conversation' });
    expect((await hx.inboundOf(unthreadedId)).conversation_id).toBe(c.id);
    expect(await hx.outboxOf(c.id, 'reply')).toHaveLength(1);
  });

  it('the scheduler ghosts a conversation with GHOST_AFTER_UNANSWERED replies in a row unanswered, and says so', async () => {
    const morgan = 'morgan.chu@globex-search.example';
    const subject = 'Backend role at Globex';
    await hx.deliver({ from: `Morgan Chu <${morgan}>`, subject, text: 'Hi Alex, I am recruiting for a Backend Engineer role at Globex. Open to a chat about it?' });
    let c = await hx.conversationOf(morgan);
    expect(c.state).toBe('ENGAGING');
    expect(c.unanswered_replies).toBe(1);
    const [ourReply] = await hx.repliesOf(c.id);

    // The daemon's own timed run (5 s after start) must be over, so the run below is ours.
    const wait = startedAt + 6_000 - Date.now();
    if (wait > 0) await sleep(wait);
    await daemon.ctx.db.updateTable('conversations').set({ unanswered_replies: daemon.ctx.config.brain.ghostAfterUnanswered }).where('id', '=', c.id).execute();
    const run = await daemon.ctx.scheduler.runOnce();
    expect(run).not.toBeNull();
    expect(run!.ghosted).toBe(1);
    c = await hx.conversationOf(morgan);
    expect(c.state).toBe('GHOSTED');

    // Nothing left to ghost on the next run, and the recruiter's return gets no reply.
    expect((await daemon.ctx.scheduler.runOnce())!.ghosted).toBe(0);
    const backId = await hx.deliver({ from: `Morgan Chu <${morgan}>`, subject: `Re: ${subject}`, text: 'Sorry for the silence! Are you still interested?', inReplyTo: ourReply!.message_id });
    expect((await hx.inboundOf(backId)).conversation_id).toBe(c.id);
    expect(await hx.outboxOf(c.id, 'reply')).toHaveLength(1);
  });
});

describe.skipIf(!dovecotBinary())('switching the AI at runtime, without a restart', () => {
  const DANA = 'Dana Recruiter <dana.recruiter@talentco.example>';
  const SUBJECT = 'SRE role at Hooli';
  const MODEL_TEXT = 'Hi Dana,\n\nThanks for the details, happy to keep this going over email.\n\nBest,\nAlex';
  const CRISIS_MODEL = 'claude-crisis-safe';
  const CRISIS_TEXT = "I'm so sorry you're going through this. You can call or text 988 any time, day or night.";
  const CRISIS_MAIL = "I can't do this anymore. I have been thinking about ending my life and I don't see a way out.";
  let mail: LocalMail;
  let fake: FakeAnthropic;
  let daemon: RunningDaemon;
  let hx: ReturnType<typeof harness>;
  let lastReplyId: string | null = null;

  beforeAll(async () => {
    mail = await startLocalMail();
    fake = await startFakeAnthropic({ kind: 'text', text: (body) => (body?.model === CRISIS_MODEL ? CRISIS_TEXT : MODEL_TEXT) });
    daemon = await startHermes(mail, {
      AI_MODE: 'all',
      CRISIS_SAFE_MODELS: CRISIS_MODEL,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: fake.url,
      LLM_MAX_RETRIES: '0',
      HERMES_FROM_NAME: 'Alex Morgan',
      SEND_LIMIT_PER_RECIPIENT_PER_DAY: '100',
    });
    hx = harness(mail, () => daemon, 'switch');
  });
  afterAll(async () => {
    await daemon?.shutdown();
    await fake?.stop();
    await mail?.stop();
  });

  async function dana(text: string) {
    const id = await hx.deliver({ from: DANA, subject: lastReplyId ? `Re: ${SUBJECT}` : SUBJECT, text, inReplyTo: lastReplyId });
    const c = await hx.conversationOf(mail.recruiter.address);
    const reply = (await hx.repliesOf(c.id)).find((r) => r.in_reply_to === id);
    expect(reply).toBeDefined();
    lastReplyId = reply!.message_id;
    return { inbound: await hx.inboundOf(id), conversation: c, reply: reply! };
  }

  it('mode all: the model classifies and writes the reply', async () => {
    const { inbound, reply } = await dana('Hi Alex, I am recruiting for an SRE role at Hooli, remote in the US. Would you be open to hearing more?');
    expect(inbound.intent_source).toBe('llm');
    expect(reply.ai_model).toBeTruthy();
    expect(reply.template_used).toBeNull();
    expect(reply.body_text).toBe(MODEL_TEXT);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);

    // A crisis email from someone the model is on for: the crisis-safe model writes it.
    const casey = 'casey.north@northwind-people.example';
    await hx.deliver({ from: `Casey North <${casey}>`, subject: 'sorry', text: CRISIS_MAIL });
    const [crisisReply] = await hx.repliesOf((await hx.conversationOf(casey)).id);
    expect(crisisReply).toMatchObject({ ai_model: CRISIS_MODEL, body_text: CRISIS_TEXT, template_used: null });
  });

  it('`hermes ai off` while the daemon runs: the next mail gets a template and no model request', async () => {
    expect(await aiCommand(daemon.ctx.config, ['off'])).toMatchObject({ mode: 'off', hardOff: false });
    const before = fake.requests.length;
    const { inbound, reply } = await dana('Thanks, that helps. What is your current rate and are you authorised to work in the US?');
    expect(inbound).toMatchObject({ intent: 'qualifying_question', intent_source: 'keywords' });
    expect(reply.ai_model).toBeNull();
    expect(reply.template_used).toMatch(/^reply-2/);
    expect(fake.requests.length).toBe(before);

    // AI off holds for the crisis reply too: the template, not the crisis-safe model.
    const robin = 'robin.vale@vale-partners.example';
    await hx.deliver({ from: `Robin Vale <${robin}>`, subject: 'sorry', text: CRISIS_MAIL });
    const [crisisReply] = await hx.repliesOf((await hx.conversationOf(robin)).id);
    expect(crisisReply).toMatchObject({ ai_model: null, template_used: 'crisis' });
    expect(crisisReply!.body_text).toContain('988');
    expect(fake.requests.length).toBe(before);
  });

  it('`hermes ai conversation <id> on`: that conversation uses the model again, others stay on templates', async () => {
    const c = await hx.conversationOf(mail.recruiter.address);
    expect(await aiCommand(daemon.ctx.config, ['conversation', String(c.id), 'on'])).toEqual({ conversationId: c.id, aiOverride: 1 });
    const before = fake.requests.length;
    const { inbound, reply } = await dana('Great. Could you tell me a bit more about your experience with Kubernetes at scale?');
    expect(inbound.intent_source).toBe('llm');
    expect(reply.ai_model).toBeTruthy();
    expect(reply.body_text).toBe(MODEL_TEXT);
    expect(fake.requests.length).toBeGreaterThan(before);

    // The override is per conversation: a new sender still gets the global mode (off).
    const after = fake.requests.length;
    const other = 'lee.park@initrode-search.example';
    await hx.deliver({ from: `Lee Park <${other}>`, subject: 'Staff Engineer at Initrode', text: 'Hi Alex, I have a Staff Engineer opening at Initrode. Interested in learning more?' });
    const oc = await hx.conversationOf(other);
    const [otherReply] = await hx.repliesOf(oc.id);
    expect(otherReply!.ai_model).toBeNull();
    expect(otherReply!.template_used).toMatch(/^reply-1/);
    expect(fake.requests.length).toBe(after);
  });
});

describe.skipIf(!dovecotBinary())('the forwarded channel', () => {
  const FORWARD = 'forward@example.test';
  const PRIYA = 'priya.shah@umbrella-talent.example';
  const ORIGINAL_SUBJECT = 'Staff Engineer at Umbrella Health';
  const ORIGINAL_TEXT =
    'Hi Alex,\n\nI am hiring a Staff Engineer for the platform team at Umbrella Health (remote, US). Would you be open to a conversation about it?\n\nBest,\nPriya';
  let mail: LocalMail;
  let daemon: RunningDaemon;
  let hx: ReturnType<typeof harness>;

  beforeAll(async () => {
    mail = await startLocalMail();
    // No API key: templates and the keyword rules.
    daemon = await startHermes(mail, {
      CHANNEL_FORWARDED_ADDRESSES: FORWARD,
      OWNER_ALERT_ADDRESS: mail.owner.address,
      HERMES_FROM_NAME: 'Alex Morgan',
      SEND_LIMIT_PER_RECIPIENT_PER_DAY: '100',
    });
    hx = harness(mail, () => daemon, 'fwd');
  });
  afterAll(async () => {
    await daemon?.shutdown();
    await mail?.stop();
  });

  /** A Gmail-style inline forward to the forwarded-channel alias, as the owner's client writes it. */
  function forward(m: { id: string; from: string; subject: string; body: string }): string {
    return [
      `From: ${m.from}`,
      `To: ${FORWARD}`,
      `Subject: ${m.subject}`,
      `Message-ID: ${m.id}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      m.body,
      '',
    ].join('\r\n');
  }
  const gmailBlock = (from: string, subject: string, text: string) =>
    ['---------- Forwarded message ---------', `From: ${from}`, 'Date: Mon, Jun 3, 2024 at 9:15 AM', `Subject: ${subject}`, 'To: Alex Owner <owner@example.test>', '', '', text].join('\r\n');
  const conversationCount = async () => Number((await daemon.ctx.db.selectFrom('conversations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const outboxCount = async () => Number((await daemon.ctx.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('a forward from the owner opens a conversation with the original sender and answers them', async () => {
    const id = '<fwd-owner-1@example.test>';
    const body = `Can you take this one? Thanks!\r\n\r\n${gmailBlock(`Priya Shah <${PRIYA}>`, ORIGINAL_SUBJECT, ORIGINAL_TEXT)}`;
    await mail.append(mail.hermes, forward({ id, from: `Alex Owner <${mail.owner.address}>`, subject: `Fwd: ${ORIGINAL_SUBJECT}`, body }));
    const raw = await hx.settled(id);
    expect(raw.status).toBe('processed');

    const c = await hx.conversationOf(PRIYA);
    expect(c).toMatchObject({ channel: 'forwarded', to_address: FORWARD, subject: ORIGINAL_SUBJECT, state: 'ENGAGING', domain: 'umbrella-talent.example' });
    expect(raw.conversation_id).toBe(c.id);
    const [inbound] = await daemon.ctx.db.selectFrom('messages').selectAll().where('conversation_id', '=', c.id).where('direction', '=', 'inbound').execute();
    expect(inbound).toMatchObject({ sender: PRIYA, subject: ORIGINAL_SUBJECT, intent: 'initial_contact', intent_source: 'keywords' });
    expect(inbound!.body_text).toContain('Staff Engineer for the platform team');
    expect(inbound!.body_text).not.toContain('Can you take this one');
    // No API key here: the keyword rules and the owner's template (no GITHUB_REPO, so no star push).
    const [ours] = await hx.repliesOf(c.id);
    expect(ours).toMatchObject({ template_used: 'reply-1', ai_model: null, recipient: PRIYA });
    // Nothing for the owner's own address.
    expect(await daemon.ctx.db.selectFrom('conversations').select('id').where('sender', '=', mail.owner.address).execute()).toHaveLength(0);

    const [row] = await hx.outboxOf(c.id, 'reply');
    expect(row).toMatchObject({ to_address: PRIYA, subject: `Re: ${ORIGINAL_SUBJECT}`, from_address: mail.hermes.address });
    await hx.sent(row!.rfc_message_id);
    const accepted = await mail.sink.waitFor((m) => m.messageId === row!.rfc_message_id);
    expect(accepted.recipients).toContain(PRIYA);
    expect(accepted.recipients).not.toContain(mail.owner.address);
  });

  it('the recruiter\'s answer to that reply continues the same forwarded conversation', async () => {
    const c = await hx.conversationOf(PRIYA);
    const [ours] = await hx.repliesOf(c.id);
    const id = await hx.deliver({
      from: `Priya Shah <${PRIYA}>`,
      subject: `Re: ${ORIGINAL_SUBJECT}`,
      text: 'Thanks Alex! Could you send me your latest resume so I can share it with the hiring manager?',
      inReplyTo: ours!.message_id,
    });
    const inbound = await hx.inboundOf(id);
    expect(inbound.conversation_id).toBe(c.id);
    expect((await hx.conversationOf(PRIYA)).channel).toBe('forwarded');
    expect(await hx.outboxOf(c.id, 'reply')).toHaveLength(2);
  });

  it('a forward as attachment (message/rfc822): the reply threads under the original\'s Message-ID', async () => {
    const kim = 'kim.vandelay@vandelay-industries.example';
    const originalId = '<orig-kim-1@vandelay-industries.example>';
    const id = '<fwd-owner-3@example.test>';
    const raw = [
      `From: Alex Owner <${mail.owner.address}>`,
      `To: ${FORWARD}`,
      'Subject: Fwd: Go developer at Vandelay Industries',
      `Message-ID: ${id}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="fwd-boundary-1"',
      '',
      '--fwd-boundary-1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'See attached, over to you.',
      '',
      '--fwd-boundary-1',
      'Content-Type: message/rfc822',
      'Content-Disposition: attachment; filename="original.eml"',
      '',
      `From: Kim Vandelay <${kim}>`,
      `To: Alex Owner <${mail.owner.address}>`,
      'Subject: Go developer at Vandelay Industries',
      `Message-ID: ${originalId}`,
      'Date: Tue, 4 Jun 2024 09:15:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hi Alex, I am recruiting a Go developer for Vandelay Industries, remote in the US. Would you like to hear more?',
      '',
      '--fwd-boundary-1--',
      '',
    ].join('\r\n');
    await mail.append(mail.hermes, raw);
    expect((await hx.settled(id)).status).toBe('processed');
    const c = await hx.conversationOf(kim);
    expect(c).toMatchObject({ channel: 'forwarded', subject: 'Go developer at Vandelay Industries' });
    const [row] = await hx.outboxOf(c.id, 'reply');
    expect(row).toMatchObject({ to_address: kim, subject: 'Re: Go developer at Vandelay Industries', in_reply_to: originalId });
    await hx.sent(row!.rfc_message_id);
  });

  it('a forward from a stranger to the alias is recorded and not answered', async () => {
    const conversations = await conversationCount();
    const outbox = await outboxCount();
    const id = '<fwd-stranger-1@stranger.example>';
    const rick = 'rick.roe@roe-recruiting.example';
    const body = `FYI\r\n\r\n${gmailBlock(`Rick Roe <${rick}>`, 'Contract role, urgent', 'Hi, I have an urgent contract role. Send your details.')}`;
    await mail.append(mail.hermes, forward({ id, from: 'Eve Stranger <eve@stranger.example>', subject: 'Fwd: Contract role, urgent', body }));
    const raw = await hx.settled(id);
    expect(raw.status).toBe('ignored');
    expect(JSON.parse(raw.decision!)).toMatchObject({ channel: 'forwarded', reason: 'forwarded-channel', answer: false });
    expect(await conversationCount()).toBe(conversations);
    expect(await outboxCount()).toBe(outbox);
  });

  it('a forward from the owner with no recognisable original is recorded and not answered', async () => {
    const conversations = await conversationCount();
    const outbox = await outboxCount();
    const id = '<fwd-owner-2@example.test>';
    const body = ['-----Original Message-----', 'From: Dana Recruiter', 'Sent: Monday, June 24, 2024 8:00 AM', 'To: Alex Owner', 'Subject: Internal referral', '', 'Alex, a referral for you.'].join('\r\n');
    await mail.append(mail.hermes, forward({ id, from: `Alex Owner <${mail.owner.address}>`, subject: 'FW: Internal referral', body }));
    const raw = await hx.settled(id);
    expect(raw.status).toBe('ignored');
    expect(JSON.parse(raw.decision!)).toMatchObject({ channel: 'forwarded', reason: 'forwarded-channel', answer: false });
    expect(await conversationCount()).toBe(conversations);
    expect(await outboxCount()).toBe(outbox);
  });
});
