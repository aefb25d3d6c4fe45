import { loadConfig } from '../config/config.js';
import { pickProcessEnv } from '../config/env.js';
import { ensureDovecotInstalled } from '../devservers/dovecot.js';
import { startLocalMail, type LocalMail, type ReceivedMail } from '../devservers/local-mail.js';
import { startDaemon, type RunningDaemon } from '../main.js';
import { createLogger } from '../shared/logger.js';

const SAMPLES = [
  {
    subject: 'Senior Backend Engineer role at Northwind',
    text: 'Hi Alex,\n\nI came across your profile and think you would be a great fit for a Senior Backend Engineer role at Northwind (TypeScript, Postgres, fully remote). Would you be open to hearing more?\n\nBest,\nDana',
  },
  {
    subject: 'Quick question about your availability',
    text: 'Hello Alex,\n\nWe are hiring a Staff Engineer for our payments platform. What is your current notice period, and what salary range are you targeting?\n\nThanks,\nDana',
  },
  {
    subject: 'Platform team opening - contract to hire',
    text: 'Hi Alex,\n\nA client of mine is building a new platform team and asked me to reach out. It is a 6-month contract to hire. Could you send me your resume?\n\nKind regards,\nDana',
  },
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

async function waitForReplies(mail: LocalMail, ids: string[], timeoutMs: number): Promise<Map<string, ReceivedMail>> {
  const deadline = Date.now() + timeoutMs;
  const found = new Map<string, ReceivedMail>();
  while (Date.now() < deadline && found.size < ids.length) {
    for (const m of await mail.inbox(mail.recruiter)) {
      if (m.inReplyTo && ids.includes(m.inReplyTo)) found.set(m.inReplyTo, m);
    }
    if (found.size < ids.length) await new Promise((r) => setTimeout(r, 250));
  }
  return found;
}

/**
 * `hermes demo`: a private Dovecot and SMTP relay on 127.0.0.1, Hermes running against them
 * with a temporary database, three recruiter emails in, three threaded replies out.
 */
export async function runDemo(): Promise<number> {
  const say = (s: string) => process.stderr.write(`${s}\n`);
  if (!(await ensureDovecotInstalled(say))) return 1;
  let mail: LocalMail | null = null;
  let daemon: RunningDaemon | null = null;
  try {
    say('starting a private Dovecot and SMTP relay on 127.0.0.1 ...');
    mail = await startLocalMail();
    const env = { ...pickProcessEnv(['ANTHROPIC_API_KEY', 'ANTHROPIC_API_KEY_FILE', 'ANTHROPIC_BASE_URL', 'LLM_MODEL']), ...mail.hermesEnv() };
    const config = loadConfig(env, { daemon: true });
    const log = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', format: 'auto' });
    daemon = await startDaemon(config, { log });
    const ai = config.llm.enabled && config.llm.apiKey !== null;
    say(`Hermes is running (replies by ${ai ? `the model ${config.llm.model}` : 'templates: set ANTHROPIC_API_KEY to use the model'})`);
    const started = Date.now();
    while (!daemon.ctx.watcher.caughtUp && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));

    const ids: string[] = [];
    for (const sample of SAMPLES) ids.push(await mail.send(sample));
    say(`sent ${ids.length} recruiter emails to ${mail.hermes.address}; waiting for the replies ...`);
    const replies = await waitForReplies(mail, ids, ai ? 120_000 : 30_000);

    SAMPLES.forEach((sample, i) => {
      const reply = replies.get(ids[i]!);
      print(`=== exchange ${i + 1} of ${SAMPLES.length} ===`);
      print(`From: ${mail!.recruiter.address}  To: ${mail!.hermes.address}`);
      print(`Subject: ${sample.subject}`);
      print(indent(sample.text));
      print();
      if (!reply) {
        print('  (no reply arrived)');
      } else {
        print(`From: ${reply.from}  To: ${mail!.recruiter.address}`);
        print(`Subject: ${reply.subject}`);
        print(`In-Reply-To: ${reply.inReplyTo}  Auto-Submitted: ${reply.autoSubmitted}`);
        print(indent(reply.text));
      }
      print();
    });
    const ok = replies.size === SAMPLES.length;
    say(ok ? 'demo finished: every email got one threaded reply' : `demo failed: ${replies.size} of ${SAMPLES.length} replies arrived`);
    return ok ? 0 : 1;
  } finally {
    await daemon?.shutdown();
    await mail?.stop();
  }
}
