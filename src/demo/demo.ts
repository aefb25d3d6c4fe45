import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { pickProcessEnv } from '../config/env.js';
import { ensureDovecotInstalled } from '../devservers/dovecot.js';
import { startFakeGithub, type FakeGithub } from '../devservers/fake-github.js';
import { startLocalMail, type LocalMail, type ReceivedMail } from '../devservers/local-mail.js';
import { importKnowledge, parseKnowledgeYaml } from '../knowledge/import.js';
import { startDaemon, type RunningDaemon } from '../main.js';
import { createLogger } from '../shared/logger.js';
import { readFileSync } from 'node:fs';

const REPO = 'alexexample/hermes';
const RECRUITER_GITHUB = 'dana-recruits';

/** One recruiter, one conversation: each email answers Hermes's previous reply. */
const STORY = [
  {
    subject: 'Senior Backend Engineer role at Northwind',
    text: 'Hi Alex,\n\nI came across your profile and think you would be a great fit for a Senior Backend Engineer role at Northwind (TypeScript, Postgres, fully remote). Would you be open to hearing more?\n\nBest,\nDana',
  },
  { text: 'Great to hear! Could you send me your resume so I can share it with the hiring manager?\n\nDana' },
  { text: 'Thanks! Before I can submit you to the client portal I need your SSN and date of birth.\n\nDana' },
  { text: 'I really do need them today, otherwise I cannot submit you. Could you send the SSN and DOB?\n\nDana' },
  { text: 'Got it, thank you. Can we hop on a quick call tomorrow afternoon? What is the best number to reach you?\n\nDana' },
  { text: `Sure, happy to take a look. My GitHub is github.com/${RECRUITER_GITHUB}\n\nDana` },
];

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function indent(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

async function waitFor<T>(check: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function replyTo(mail: LocalMail, messageId: string, timeoutMs: number): Promise<ReceivedMail | null> {
  return waitFor(async () => (await mail.inbox(mail.recruiter)).find((m) => m.inReplyTo === messageId), timeoutMs);
}

/**
 * `hermes demo`: a private Dovecot and SMTP relay and a stand-in GitHub API on 127.0.0.1, and
 * Hermes running against them with a temporary database. One recruiter writes six emails (a
 * first contact, a resume request, two requests for personal data, a call request, a GitHub
 * username); the recruiter then stars the repository and the scheduler's re-check ends the
 * conversation with an alert to the owner.
 */
export async function runDemo(): Promise<number> {
  const say = (s: string) => process.stderr.write(`${s}\n`);
  if (!(await ensureDovecotInstalled(say))) return 1;
  let mail: LocalMail | null = null;
  let github: FakeGithub | null = null;
  let daemon: RunningDaemon | null = null;
  try {
    say('starting a private Dovecot, an SMTP relay and a stand-in GitHub API on 127.0.0.1 ...');
    mail = await startLocalMail();
    github = await startFakeGithub();
    const env = {
      ...pickProcessEnv(['ANTHROPIC_API_KEY', 'ANTHROPIC_API_KEY_FILE', 'ANTHROPIC_BASE_URL', 'LLM_MODEL']),
      ...mail.hermesEnv({
        OWNER_ALERT_ADDRESS: mail.owner.address,
        GITHUB_REPO: REPO,
        GITHUB_API_URL: github.url,
        RESUME_URL: 'https://alex.example.org/resume.pdf',
      }),
    };
    const config = loadConfig(env, { daemon: true });
    const log = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', format: 'auto' });
    daemon = await startDaemon(config, { log });
    const knowledge = parseKnowledgeYaml(readFileSync(path.join(config.configDir, 'knowledge.yaml'), 'utf8'));
    await importKnowledge(daemon.ctx.db, knowledge);
    const ai = config.llm.mode !== 'off' && config.llm.apiKey !== null;
    say(`Hermes is running (replies by ${ai ? `the model ${config.llm.model}` : 'templates: set ANTHROPIC_API_KEY to use the model'}; ${knowledge.length} knowledge entries)`);
    const ready = daemon;
    await waitFor(async () => ready.ctx.watcher.caughtUp, 20_000);

    let previous: ReceivedMail | null = null;
    const subject = STORY[0]!.subject!;
    for (const [i, step] of STORY.entries()) {
      const id = await mail.send({
        subject: previous ? `Re: ${subject}` : subject,
        text: step.text,
        ...(previous?.messageId ? { inReplyTo: previous.messageId, references: previous.messageId } : {}),
      });
      const reply = await replyTo(mail, id, ai ? 120_000 : 30_000);
      const inbound = await daemon.ctx.db.selectFrom('messages').select(['transition', 'intent', 'action']).where('message_id', '=', id).executeTakeFirst();
      print(`=== email ${i + 1} of ${STORY.length} · intent ${inbound?.intent ?? '?'} · ${inbound?.transition ?? '?'} · action ${inbound?.action ?? '?'} ===`);
      print(`From: ${mail.recruiter.address}  To: ${mail.hermes.address}`);
      print(indent(step.text));
      print();
      if (!reply) {
        print('  (no reply arrived)');
        say(`demo failed: no reply to email ${i + 1}`);
        return 1;
      }
      print(`From: ${reply.from}  To: ${mail.recruiter.address}`);
      print(`Subject: ${reply.subject}`);
      print(`In-Reply-To: ${reply.inReplyTo}  Auto-Submitted: ${reply.autoSubmitted}`);
      print(indent(reply.text));
      print();
      previous = reply;
    }

    print(`=== the recruiter stars ${REPO}; the scheduler checks again ===`);
    github.star(RECRUITER_GITHUB, 'alexexample', 'hermes');
    const conversation = await daemon.ctx.db.selectFrom('conversations').select('id').where('sender', '=', mail.recruiter.address).executeTakeFirstOrThrow();
    await daemon.ctx.db.updateTable('conversations').set({ star_check_after: 0 }).where('id', '=', conversation.id).execute();
    const run = await daemon.ctx.scheduler.runOnce();
    const state = await daemon.ctx.db.selectFrom('conversations').select('state').where('id', '=', conversation.id).executeTakeFirstOrThrow();
    print(`scheduler: ${JSON.stringify(run?.stars)} · conversation ${conversation.id} is now ${state.state}`);
    const owner = mail;
    const alert = await waitFor(async () => (await owner.inbox(owner.owner)).find((m) => m.subject.includes('Starred')), 20_000);
    print(alert ? `owner alert: "${alert.subject}" (to ${mail.owner.address}, with the whole thread)` : '  (no owner alert arrived)');
    const ok = state.state === 'STARRED' && alert !== null;
    say(ok ? 'demo finished: six threaded replies, the star verified, the owner alerted' : 'demo failed: the star was not verified or the owner was not alerted');
    return ok ? 0 : 1;
  } finally {
    await daemon?.shutdown();
    await github?.stop();
    await mail?.stop();
  }
}
