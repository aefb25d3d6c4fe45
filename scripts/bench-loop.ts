/**
 * `npm run bench:loop`: end-to-end benchmarks of Hermes against a private Dovecot, the SMTP
 * relay from src/devservers and the fake Anthropic API (answering instantly, reached through the
 * real SDK). See docs/benchmarks.md for what is measured and how to read the figures.
 *
 *   1. delivery-to-reply latency (30 sequential mails) against the bare floor measured in the
 *      same run (bare IDLE client: APPEND -> EXISTS; bare nodemailer send -> accepted);
 *   2. backlog throughput: 1,000 mails waiting in the mailbox when Hermes starts;
 *   3. resident memory, in process and (fairly) in a child `hermes serve` process.
 *
 * Environment knobs (all optional): BENCH_LATENCY_SAMPLES (30), BENCH_BACKLOG (1000),
 * BENCH_SKIP_LATENCY=1, BENCH_SKIP_INPROC=1, BENCH_SKIP_CHILD=1, BENCH_SKIP_NO_COPY=1,
 * BENCH_CPU_PROF=<dir> (the child `hermes serve` of the backlog run writes a V8 .cpuprofile there),
 * BENCH_HERMES_ENV='NAME=value,NAME=value' (extra Hermes settings for every run, e.g. SMTP_MAX_CONNECTIONS=10),
 * BENCH_KEEP=1 (keep each run's temp dir with hermes.sqlite, for per-stage queries afterwards).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ImapFlow } from 'imapflow';
import nodemailer, { type Transporter } from 'nodemailer';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { dovecotBinary, freePort } from '../src/devservers/dovecot.js';
import { startLocalMail, type LocalMail, type MailAccount } from '../src/devservers/local-mail.js';
import type { SinkMessage } from '../src/devservers/smtp-sink.js';
import { startDaemon, type RunningDaemon } from '../src/main.js';
import { createLogger } from '../src/shared/logger.js';
import { startFakeAnthropic, type FakeAnthropic } from '../test/support/fake-anthropic.js';
import { imageRuntime } from './image-runtime.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 30);
const FLOOR_SAMPLES = LATENCY_SAMPLES;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1000);
const RUN_LATENCY = process.env.BENCH_SKIP_LATENCY !== '1';
const RUN_INPROC = process.env.BENCH_SKIP_INPROC !== '1';
const RUN_CHILD = process.env.BENCH_SKIP_CHILD !== '1';
const RUN_NO_COPY = process.env.BENCH_SKIP_NO_COPY !== '1';
const EXTRA_HERMES_ENV: Record<string, string> = Object.fromEntries(
  (process.env.BENCH_HERMES_ENV ?? '')
    .split(',')
    .map((kv) => kv.trim())
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const KEEP = process.env.BENCH_KEEP === '1';
/** Stops the mail system and removes the run's work dir (the Hermes database) unless BENCH_KEEP=1. */
async function stopMail(mail: LocalMail): Promise<void> {
  await mail.stop();
  if (KEEP) say(`  kept ${mail.workDir}`);
  else rmSync(mail.workDir, { recursive: true, force: true });
}
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
/**
 * Pause after each latency sample (Hermes and floor alike) once everything is quiet. Dovecot
 * notifies IDLE clients from a 500 ms timer that its own index writes (e.g. after the previous
 * EXISTS) can already have started: a next APPEND inside that window is noticed early (~200 ms
 * instead of ~500 ms). Pausing longer than the timer gives every sample the same, cold start.
 */
const SETTLE_MS = 750;
const LATENCY_TARGET = 1.25;
const THROUGHPUT_TARGET = 50;
const RSS_TARGET_MB = 150;

const silentLog = createLogger({ level: 'silent', format: 'json' });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const say = (s: string) => process.stderr.write(`${s}\n`);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// small helpers

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}
const median = (v: number[]) => quantile(v, 0.5);
const p95 = (v: number[]) => quantile(v, 0.95);

async function waitUntil<T>(check: () => Promise<T> | T, what: string, timeoutMs = 30_000, intervalMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** One header of a raw message, unfolded (enough for In-Reply-To / Message-ID). */
function rawHeader(raw: Buffer, name: string): string | null {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:[ \\t]*(.*?)\\s*$`, 'im').exec(head);
  return m?.[1] ?? null;
}
const inReplyTo = (m: SinkMessage) => rawHeader(m.raw, 'in-reply-to');

let idSeq = 0;
function newId(tag: string): string {
  idSeq += 1;
  return `<bench-${tag}-${process.pid}-${Date.now().toString(36)}-${idSeq}@talentco.example>`;
}

function recruiterMail(opts: { fromName: string; from: string; to: string; subject: string; messageId: string; body: string }): Buffer {
  return Buffer.from(
    [
      `From: ${opts.fromName} <${opts.from}>`,
      `To: Alex Example <${opts.to}>`,
      `Subject: ${opts.subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: ${opts.messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 7bit',
      '',
      opts.body.replace(/\n/g, '\r\n'),
      '',
    ].join('\r\n'),
  );
}

/** Seconds from `start` until `expected` messages are stored and none is pending; null on timeout. */
async function waitForQuiescence(db: Db, expected: number, start: number, label: string, onPoll?: () => void): Promise<number | null> {
  try {
    await waitUntil(
      async () => {
        onPoll?.();
        const n = await db.selectFrom('raw_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return Number(n.n) >= expected && (await countNotDone(db)) === 0;
      },
      'quiescence',
      120_000,
      50,
    );
    return (Date.now() - start) / 1000;
  } catch (err) {
    say(`${label}: ${(err as Error).message}`);
    return null;
  }
}

const BODY =
  'Hi Alex,\n\nI came across your profile and think you would be a great fit for a Senior Backend Engineer role ' +
  'at Northwind (TypeScript, Postgres, fully remote). Would you be open to a short call this week?\n\nBest,\nDana';

async function imapSession(mail: LocalMail, account: MailAccount, opts: { idle?: boolean } = {}): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: mail.dovecot.host,
    port: mail.dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: account.user, pass: account.password },
    logger: false,
    ...(opts.idle ? { autoIdleDelay: 0 } : { disableAutoIdle: true }),
  });
  client.on('error', (err: Error) => say(`bench imap ${account.user}: ${err.message}`));
  await client.connect();
  return client;
}

function hermesEnv(mail: LocalMail, fake: FakeAnthropic, extra: Record<string, string> = {}): Record<string, string> {
  return mail.hermesEnv({
    ANTHROPIC_API_KEY: 'bench',
    ANTHROPIC_BASE_URL: fake.url,
    LLM_MAX_RETRIES: '0',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    ...EXTRA_HERMES_ENV,
    ...extra,
  });
}

async function startHermes(env: Record<string, string>): Promise<RunningDaemon> {
  return startDaemon(loadConfig(env, { daemon: true }), { log: silentLog });
}

// ---------------------------------------------------------------------------------------------
// 1. latency

interface StageSample {
  total: number;
  appendCmd: number;
  toFetched: number;
  fetchedToProcessed: number;
  processedToSending: number;
  sendingToAccepted: number;
}

interface LatencyResult {
  hermes: number[];
  stages: StageSample[];
  floorExists: number[];
  floorSend: number[];
  floorSendWithBcc: number[];
  rssIdleMb: number;
  heapIdleMb: number;
}

async function latencyPhase(fake: FakeAnthropic): Promise<LatencyResult> {
  say('latency: starting Dovecot, SMTP relay and Hermes ...');
  const mail = await startLocalMail();
  let daemon: RunningDaemon | null = null;
  const clients: ImapFlow[] = [];
  let transport: Transporter | null = null;
  try {
    // 30+ replies go to the one recruiter address: lift the per-recipient daily limit (default 10).
    daemon = await startHermes(hermesEnv(mail, fake, { SEND_LIMIT_PER_RECIPIENT_PER_DAY: '10000' }));
    const d = daemon;
    await waitUntil(() => d.ctx.watcher.caughtUp, 'first sync');
    await sleep(500);
    const rssIdleMb = mb(process.memoryUsage().rss);
    const heapIdleMb = mb(process.memoryUsage().heapUsed);

    // ---- Hermes: APPEND into its INBOX -> its reply accepted by the SMTP peer
    const appender = await imapSession(mail, mail.hermes);
    clients.push(appender);
    const db = d.ctx.db;
    const hermesOnce = async (i: number): Promise<StageSample> => {
      const id = newId(`lat${i}`);
      // A sender per mail: one conversation with 30 inbound mails would escalate at the 11th.
      const raw = recruiterMail({
        fromName: 'Dana Recruiter',
        from: `dana.recruiter.${i < 0 ? `w${-i}` : i}@talentco.example`,
        to: mail.hermes.address,
        subject: `Backend role #${i} at Northwind`,
        messageId: id,
        body: BODY,
      });
      const replyP = mail.sink.waitFor((m) => inReplyTo(m) === id, 20_000);
      const wall0 = Date.now();
      const t0 = performance.now();
      await appender.append('INBOX', raw);
      const appendCmd = performance.now() - t0;
      const reply = await replyP;
      const total = performance.now() - t0;
      // Per-stage timestamps (ms since the APPEND was issued) from Hermes's own tables.
      const rawRow = await db.selectFrom('raw_messages').select(['id', 'fetched_at', 'processed_at']).where('message_id', '=', id).executeTakeFirstOrThrow();
      const out = await db.selectFrom('outbox').select(['created_at', 'sending_started_at', 'sent_at']).where('in_reply_to_raw_id', '=', rawRow.id).executeTakeFirstOrThrow();
      // Wait until Hermes has read back and filed its sent copy, then let the connection settle into IDLE.
      const copyId = reply.messageId;
      await waitUntil(
        async () =>
          copyId === null ||
          (await db.selectFrom('raw_messages').select('status').where('message_id', '=', copyId).where('status', '!=', 'pending').executeTakeFirst()),
        'sent copy read back',
        10_000,
      );
      await sleep(SETTLE_MS);
      return {
        total,
        appendCmd,
        toFetched: rawRow.fetched_at - wall0,
        fetchedToProcessed: (rawRow.processed_at ?? NaN) - rawRow.fetched_at,
        processedToSending: (out.sending_started_at ?? NaN) - (rawRow.processed_at ?? NaN),
        sendingToAccepted: reply.acceptedAt - (out.sending_started_at ?? NaN),
      };
    };
    say('latency: 2 warm-up mails (not counted) ...');
    for (let i = 0; i < 2; i++) await hermesOnce(-1 - i);
    say(`latency: ${LATENCY_SAMPLES} mails through Hermes, one at a time ...`);
    const stages: StageSample[] = [];
    for (let i = 1; i <= LATENCY_SAMPLES; i++) stages.push(await hermesOnce(i));
    const hermes = stages.map((s) => s.total);

    // Hermes is left running but idle: the floor measurements below touch only the owner and
    // recruiter mailboxes, never Hermes's.

    // ---- floor 1: a bare IMAP client idling on the owner's INBOX: APPEND -> EXISTS
    say(`floor: ${FLOOR_SAMPLES} APPEND -> EXISTS samples on a bare IDLE client (owner mailbox) ...`);
    const idler = await imapSession(mail, mail.owner, { idle: true });
    clients.push(idler);
    await idler.mailboxOpen('INBOX');
    const ownerAppender = await imapSession(mail, mail.owner);
    clients.push(ownerAppender);
    let onExists: ((count: number) => void) | null = null;
    idler.on('exists', (e) => onExists?.(e.count));
    const existsOnce = async (i: number): Promise<number> => {
      await waitUntil(() => idler.idling, 'bare client IDLE', 5_000, 5);
      const seen = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no EXISTS within 10 s')), 10_000);
        onExists = () => {
          clearTimeout(timer);
          onExists = null;
          resolve(performance.now());
        };
      });
      const raw = recruiterMail({ fromName: 'Floor', from: 'floor@talentco.example', to: mail.owner.address, subject: `floor ${i}`, messageId: newId(`floor${i}`), body: BODY });
      const t0 = performance.now();
      await ownerAppender.append('INBOX', raw);
      const dt = (await seen) - t0;
      await sleep(SETTLE_MS);
      return dt;
    };
    for (let i = 0; i < 2; i++) await existsOnce(-1 - i);
    const floorExists: number[] = [];
    for (let i = 1; i <= FLOOR_SAMPLES; i++) floorExists.push(await existsOnce(i));

    // ---- floor 2: a bare nodemailer send to the same SMTP peer, to the (mapped) recruiter
    // address, so it pays the same in-line APPEND into Dovecot that Hermes's reply pays.
    // Pooled like Hermes's transport, so no connection setup is counted for either.
    say(`floor: ${FLOOR_SAMPLES} bare SMTP sends to the recruiter address (+ ${FLOOR_SAMPLES} with a Bcc like Hermes's sent copy) ...`);
    transport = nodemailer.createTransport({ pool: true, maxConnections: 1, host: mail.sink.host, port: mail.sink.port, secure: false, ignoreTLS: true });
    const t = transport;
    const sendOnce = async (i: number, bcc: boolean): Promise<number> => {
      const t0 = performance.now();
      await t.sendMail({
        from: { name: 'Alex Example', address: 'floor-sender@example.test' },
        to: mail.recruiter.address,
        bcc: bcc ? mail.owner.address : undefined,
        subject: `Re: floor ${i}`,
        text: 'Thanks for reaching out! Could you share a bit more about the team, the compensation range and whether the position is remote-friendly?',
        headers: { 'Auto-Submitted': 'auto-replied' },
      });
      return performance.now() - t0;
    };
    for (let i = 0; i < 2; i++) await sendOnce(-1 - i, false);
    const floorSend: number[] = [];
    for (let i = 1; i <= FLOOR_SAMPLES; i++) floorSend.push(await sendOnce(i, false));
    const floorSendWithBcc: number[] = [];
    for (let i = 1; i <= FLOOR_SAMPLES; i++) floorSendWithBcc.push(await sendOnce(i, true));

    return { hermes, stages, floorExists, floorSend, floorSendWithBcc, rssIdleMb, heapIdleMb };
  } finally {
    transport?.close();
    for (const c of clients) await c.logout().catch(() => c.close());
    await daemon?.shutdown();
    await stopMail(mail);
  }
}

// ---------------------------------------------------------------------------------------------
// 2./3. backlog

interface BacklogResult {
  label: string;
  mode: 'in-process' | 'child-process';
  sentCopy: boolean;
  mails: number;
  appendSeconds: number;
  /** Start of Hermes (startDaemon call or spawn) to the last reply accepted by the SMTP peer. */
  seconds: number;
  perSecond: number;
  /** Until every message (inbound and read-back sent copies) is processed. */
  quiescentSeconds: number | null;
  stages: { firstFetch: number; allFetched: number; allProcessed: number; allSent: number };
  rssIdleMb: number;
  rssAfterMb: number;
  rssPeakMb: number | null;
  heapAfterMb: number | null;
  startupMs: number | null;
  childStderrLines: number;
  /** CPU seconds spent during the timed window, by party (child-process run only). */
  cpu?: CpuSplit;
}

async function appendBacklog(mail: LocalMail, n: number): Promise<{ ids: Set<string>; seconds: number }> {
  const client = await imapSession(mail, mail.hermes);
  const ids = new Set<string>();
  const t0 = performance.now();
  try {
    for (let i = 1; i <= n; i++) {
      const num = String(i).padStart(4, '0');
      const id = newId(`bl${num}`);
      ids.add(id);
      await client.append(
        'INBOX',
        recruiterMail({
          fromName: `Recruiter ${num}`,
          from: `recruiter${num}@agency.example`,
          to: mail.hermes.address,
          subject: `Opportunity ${num}: Senior Backend Engineer`,
          messageId: id,
          body: BODY,
        }),
      );
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return { ids, seconds: (performance.now() - t0) / 1000 };
}

/** Counts the sink's accepted replies to our backlog; resolves with the last one's acceptedAt. */
async function waitForReplies(mail: LocalMail, ids: Set<string>, timeoutMs: number, onTick?: () => void): Promise<number> {
  const seen = new Set<string>();
  let scanned = 0;
  let last = 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const acc = mail.sink.accepted;
    for (; scanned < acc.length; scanned++) {
      const m = acc[scanned]!;
      const irt = inReplyTo(m);
      if (irt && ids.has(irt) && !seen.has(irt)) {
        seen.add(irt);
        last = Math.max(last, m.acceptedAt);
      }
    }
    if (seen.size >= ids.size) return last;
    if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${ids.size} replies within ${timeoutMs} ms`);
    onTick?.();
    await sleep(20);
  }
}

async function backlogStages(db: Db, start: number): Promise<BacklogResult['stages'] & { pending: number }> {
  const raw = await db
    .selectFrom('raw_messages')
    .select((eb) => [eb.fn.min('fetched_at').as('first'), eb.fn.max('fetched_at').as('lastFetch'), eb.fn.max('processed_at').as('lastProc')])
    .where('message_id', 'like', '<bench-bl%')
    .executeTakeFirstOrThrow();
  const sent = await db.selectFrom('outbox').select((eb) => eb.fn.max('sent_at').as('last')).executeTakeFirstOrThrow();
  const pending = await db.selectFrom('raw_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  const rel = (v: number | null | undefined) => (v == null ? NaN : r3((Number(v) - start) / 1000));
  return { firstFetch: rel(raw.first), allFetched: rel(raw.lastFetch), allProcessed: rel(raw.lastProc), allSent: rel(sent.last), pending: Number(pending.n) };
}

async function countNotDone(db: Db): Promise<number> {
  const row = await db.selectFrom('raw_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}

async function backlogInProcess(fake: FakeAnthropic, sentCopy: boolean): Promise<BacklogResult> {
  const label = `backlog in-process, SENT_COPY=${sentCopy}`;
  say(`${label}: initialising Hermes against an empty mailbox ...`);
  const mail = await startLocalMail();
  let daemon: RunningDaemon | null = null;
  try {
    const env = hermesEnv(mail, fake, { SENT_COPY: String(sentCopy) });
    const init = await startHermes(env);
    await waitUntil(() => init.ctx.watcher.caughtUp, 'first sync');
    await sleep(300);
    const rssIdleMb = mb(process.memoryUsage().rss);
    await init.shutdown();

    say(`${label}: appending ${BACKLOG} recruiter mails (not timed) ...`);
    const { ids, seconds: appendSeconds } = await appendBacklog(mail, BACKLOG);
    global.gc?.();
    say(`${label}: starting Hermes on the backlog ...`);
    const cpu0 = cpuSnapshot(mail, null);
    const start = Date.now();
    daemon = await startHermes(env);
    const lastAccepted = await waitForReplies(mail, ids, 300_000);
    const seconds = (lastAccepted - start) / 1000;
    const cpu = cpuDiff(cpu0, cpuSnapshot(mail, null));
    const db = daemon.ctx.db;
    // With SENT_COPY the 1,000 copies come back through the mailbox and are filed too.
    const quiescentSeconds = await waitForQuiescence(db, sentCopy ? 2 * BACKLOG : BACKLOG, start, label);
    const stages = await backlogStages(db, start);
    const mem = process.memoryUsage();
    return {
      label,
      mode: 'in-process',
      sentCopy,
      mails: BACKLOG,
      appendSeconds: r3(appendSeconds),
      seconds: r3(seconds),
      perSecond: r1(BACKLOG / seconds),
      quiescentSeconds: quiescentSeconds === null ? null : r3(quiescentSeconds),
      stages: { firstFetch: stages.firstFetch, allFetched: stages.allFetched, allProcessed: stages.allProcessed, allSent: stages.allSent },
      rssIdleMb,
      rssAfterMb: mb(mem.rss),
      rssPeakMb: null,
      heapAfterMb: mb(mem.heapUsed),
      startupMs: null,
      childStderrLines: 0,
      cpu,
    };
  } finally {
    await daemon?.shutdown();
    await stopMail(mail);
  }
}

function procStatus(pid: number): { rssMb: number; hwmMb: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(s)?.[1] ?? NaN);
  return { rssMb: r1(kb('VmRSS') / 1024), hwmMb: r1(kb('VmHWM') / 1024) };
}

/** utime, stime, cutime, cstime (seconds), ppid and pgrp of every live process. */
function allProcs(): Map<number, { ppid: number; pgrp: number; self: number; reaped: number }> {
  const out = new Map<number, { ppid: number; pgrp: number; self: number; reaped: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // f[0] = state (field 3); utime = field 14 -> f[11]
      const tick = 100; // USER_HZ on Linux
      out.set(Number(name), {
        ppid: Number(f[1]),
        pgrp: Number(f[2]),
        self: (Number(f[11]) + Number(f[12])) / tick,
        reaped: (Number(f[13]) + Number(f[14])) / tick,
      });
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU seconds used by a process, its reaped children and its live descendants. */
function treeCpu(root: number, procs = allProcs()): number {
  let total = 0;
  const stack = [root];
  const seen = new Set<number>();
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const p = procs.get(pid);
    if (!p) continue;
    total += p.self + p.reaped;
    for (const [cpid, c] of procs) if (c.ppid === pid) stack.push(cpid);
  }
  return total;
}

function dovecotMasterPid(mail: LocalMail): number | null {
  try {
    return Number(readFileSync(path.join(mail.dovecot.baseDir, 'run', 'master.pid'), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

interface CpuSplit {
  wallSeconds: number;
  hermes: number | null;
  bench: number;
  dovecot: number | null;
}

function cpuSnapshot(mail: LocalMail, hermesPid: number | null): { at: number; hermes: number | null; bench: number; dovecot: number | null } {
  const procs = allProcs();
  const master = dovecotMasterPid(mail);
  const u = process.cpuUsage();
  return {
    at: Date.now(),
    hermes: hermesPid === null ? null : treeCpu(hermesPid, procs),
    bench: (u.user + u.system) / 1e6,
    dovecot: master === null ? null : treeCpu(master, procs),
  };
}

function cpuDiff(a: ReturnType<typeof cpuSnapshot>, b: ReturnType<typeof cpuSnapshot>): CpuSplit {
  const d = (x: number | null, y: number | null) => (x === null || y === null ? null : r1(y - x));
  return { wallSeconds: r1((b.at - a.at) / 1000), hermes: d(a.hermes, b.hermes), bench: r1(b.bench - a.bench), dovecot: d(a.dovecot, b.dovecot) };
}

interface Child {
  proc: ChildProcess;
  port: number;
  stderr: string[];
  exited: Promise<number | null>;
}

/** The image's Node flags and allocator settings (read from the Dockerfile); BENCH_NODE_FLAGS and MALLOC_* in this process's environment override them. */
const IMAGE = imageRuntime(ROOT);
const PRODUCTION_NODE_FLAGS = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean) : IMAGE.nodeFlags;

/** Compiles src/ to dist/ so the child process measures what production runs. */
function buildDist(): void {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('tsc -p tsconfig.build.json failed');
}

async function spawnHermes(env: Record<string, string>, opts: { cpuProf?: boolean } = {}): Promise<Child> {
  const port = await freePort();
  const childEnv: Record<string, string> = {};
  Object.assign(childEnv, IMAGE.mallocEnv);
  for (const k of Object.keys(process.env)) if (['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(k) || k.startsWith('MALLOC_')) childEnv[k] = process.env[k]!;
  Object.assign(childEnv, env, { HTTP_PORT: String(port), LOG_LEVEL: 'warn', LOG_FORMAT: 'json' });
  const flags = opts.cpuProf && CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  // The child runs as the Docker image runs it: compiled JavaScript with the image's Node flags and allocator settings.
  const proc = spawn(process.execPath, [...flags, ...PRODUCTION_NODE_FLAGS, 'dist/src/cli.js', 'serve'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  let buf = '';
  proc.stderr!.setEncoding('utf8');
  proc.stderr!.on('data', (chunk: string) => {
    buf += chunk;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      stderr.push(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, port, stderr, exited };
}

async function health(child: Child): Promise<{ imap: { state: string; lastSyncAt: string | null } } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${child.port}/healthz`);
    return (await res.json()) as { imap: { state: string; lastSyncAt: string | null } };
  } catch {
    return null;
  }
}

async function stopChild(child: Child): Promise<number | null> {
  if (child.proc.exitCode !== null) return child.proc.exitCode;
  child.proc.kill('SIGTERM');
  const code = await Promise.race([child.exited, sleep(15_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    child.proc.kill('SIGKILL');
    return child.exited;
  }
  return code;
}

async function backlogChild(fake: FakeAnthropic): Promise<BacklogResult> {
  const label = 'backlog child process (hermes serve), SENT_COPY=true';
  say(`${label}: initialising Hermes against an empty mailbox ...`);
  const mail = await startLocalMail();
  const children: Child[] = [];
  try {
    const env = hermesEnv(mail, fake);
    const t0 = Date.now();
    const init = await spawnHermes(env);
    children.push(init);
    await waitUntil(async () => {
      const h = await health(init);
      return h && h.imap.state === 'connected' && h.imap.lastSyncAt !== null;
    }, 'child first sync', 30_000, 50);
    const startupMs = Date.now() - t0;
    await sleep(2_000);
    const idle = procStatus(init.proc.pid!);
    const code = await stopChild(init);
    if (code !== 0) say(`${label}: init child exited with ${code}`);

    say(`${label}: appending ${BACKLOG} recruiter mails (not timed) ...`);
    const { ids, seconds: appendSeconds } = await appendBacklog(mail, BACKLOG);
    say(`${label}: starting hermes serve on the backlog ...`);
    const start = Date.now();
    const cpu0 = cpuSnapshot(mail, null);
    const child = await spawnHermes(env, { cpuProf: true });
    children.push(child);
    let peakRss = 0;
    const sample = () => {
      try {
        peakRss = Math.max(peakRss, procStatus(child.proc.pid!).rssMb);
      } catch {
        /* exited */
      }
    };
    const lastAccepted = await waitForReplies(mail, ids, 300_000, sample);
    const seconds = (lastAccepted - start) / 1000;
    // CPU used from spawn to the last reply: Hermes (incl. tsx's esbuild), this process (SMTP relay, fake API), Dovecot.
    const cpu1 = cpuSnapshot(mail, child.proc.pid!);
    const cpu = cpuDiff({ ...cpu0, hermes: 0 }, cpu1);
    const dbPath = env.DATABASE_PATH!;
    const db = openDatabase(dbPath, { readonly: true });
    const quiescentSeconds = await waitForQuiescence(db, 2 * BACKLOG, start, label, sample);
    const after = procStatus(child.proc.pid!);
    const stages = await backlogStages(db, start);
    await db.destroy();
    const exit = await stopChild(child);
    if (exit !== 0) say(`${label}: child exited with ${exit}`);
    const stderrLines = [...init.stderr, ...child.stderr].filter((l) => l.trim());
    for (const l of stderrLines.slice(0, 5)) say(`  child stderr: ${l.slice(0, 300)}`);
    return {
      label,
      mode: 'child-process',
      sentCopy: true,
      mails: BACKLOG,
      appendSeconds: r3(appendSeconds),
      seconds: r3(seconds),
      perSecond: r1(BACKLOG / seconds),
      quiescentSeconds: quiescentSeconds === null ? null : r3(quiescentSeconds),
      stages: { firstFetch: stages.firstFetch, allFetched: stages.allFetched, allProcessed: stages.allProcessed, allSent: stages.allSent },
      rssIdleMb: idle.rssMb,
      rssAfterMb: after.rssMb,
      rssPeakMb: Math.max(peakRss, after.hwmMb),
      heapAfterMb: null,
      startupMs,
      childStderrLines: stderrLines.length,
      cpu,
    };
  } finally {
    for (const c of children) await stopChild(c).catch(() => undefined);
    await stopMail(mail);
  }
}

// ---------------------------------------------------------------------------------------------
// report

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function main(): Promise<number> {
  if (!dovecotBinary()) {
    say('Dovecot is not installed; this benchmark needs a private Dovecot on 127.0.0.1.');
    say('Install it with: sudo apt-get install -y dovecot-imapd   (the system service is not used)');
    return 1;
  }
  const startedAt = Date.now();
  if (RUN_CHILD) buildDist();
  const fake = await startFakeAnthropic();
  try {
    const lat = RUN_LATENCY ? await latencyPhase(fake) : null;
    const backlogs: BacklogResult[] = [];
    if (RUN_INPROC) backlogs.push(await backlogInProcess(fake, true));
    if (RUN_CHILD) backlogs.push(await backlogChild(fake));
    if (RUN_NO_COPY) backlogs.push(await backlogInProcess(fake, false));

    const out = (s = '') => process.stdout.write(`${s}\n`);
    out();
    out(`Hermes loop benchmark — ${new Date().toISOString()} — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, ${os.platform()} ${os.release()}`);
    out('LLM: fake Anthropic API on 127.0.0.1 answering instantly, reached through @anthropic-ai/sdk (LLM_MAX_RETRIES=0).');
    if (Object.keys(EXTRA_HERMES_ENV).length > 0) out(`Extra Hermes settings (BENCH_HERMES_ENV): ${JSON.stringify(EXTRA_HERMES_ENV)}`);

    let latencyJson: Record<string, unknown> | null = null;
    if (lat) {
      const hMed = median(lat.hermes);
      const hP95 = p95(lat.hermes);
      const floorExists = median(lat.floorExists);
      const floorSend = median(lat.floorSend);
      const floor = floorExists + floorSend;
      const floorBcc = floorExists + median(lat.floorSendWithBcc);
      const ratio = hMed / floor;
      const st = (k: keyof StageSample) => median(lat.stages.map((s) => s[k]));
      const row = (name: string, v: number[]) => [name, ms(median(v)), ms(p95(v)), ms(Math.min(...v)), ms(Math.max(...v))];
      out();
      out(`1. Delivery-to-reply latency (${LATENCY_SAMPLES} mails, sequential; APPEND into Hermes's INBOX -> reply accepted by the SMTP peer)`);
      out(
        table([
          ['', 'median', 'p95', 'min', 'max'],
          row('Hermes', lat.hermes),
          row('floor: bare IDLE client APPEND -> EXISTS', lat.floorExists),
          row('floor: bare SMTP send -> 250 (to recruiter)', lat.floorSend),
          row('  (same, + Bcc to a 2nd mailbox, like the sent copy)', lat.floorSendWithBcc),
          ['floor = median(EXISTS) + median(send)', ms(floor), '', '', ''],
        ]),
      );
      out(`   ratio median/floor = ${ratio.toFixed(3)} (target <= ${LATENCY_TARGET}: ${ratio <= LATENCY_TARGET ? 'MET' : 'MISSED'}); against the Bcc-shaped floor (${ms(floorBcc)}): ${(hMed / floorBcc).toFixed(3)}`);
      out(
        `   Hermes stages (medians, from its tables): APPEND cmd ${ms(st('appendCmd'))} | APPEND -> stored (IDLE notice + FETCH) ${ms(st('toFetched'))} | ` +
          `stored -> processed (parse, decide, LLM, commit) ${ms(st('fetchedToProcessed'))} | processed -> SMTP claim ${ms(st('processedToSending'))} | ` +
          `SMTP claim -> accepted (To + Bcc delivered by the peer) ${ms(st('sendingToAccepted'))}`,
      );
      latencyJson = {
        samples: LATENCY_SAMPLES,
        hermesMedianMs: r1(hMed),
        hermesP95Ms: r1(hP95),
        floorExistsMedianMs: r1(floorExists),
        floorSendMedianMs: r1(floorSend),
        floorSendWithBccMedianMs: r1(median(lat.floorSendWithBcc)),
        floorMs: r1(floor),
        ratio: r3(ratio),
        ratioVsBccFloor: r3(hMed / floorBcc),
        stagesMedianMs: {
          appendCmd: r1(st('appendCmd')),
          appendToStored: r1(st('toFetched')),
          storedToProcessed: r1(st('fetchedToProcessed')),
          processedToSmtpClaim: r1(st('processedToSending')),
          smtpClaimToAccepted: r1(st('sendingToAccepted')),
        },
        inProcessRssIdleMb: lat.rssIdleMb,
        rawMs: { hermes: lat.hermes.map(r1), floorExists: lat.floorExists.map(r1), floorSend: lat.floorSend.map(r1) },
      };
    }

    if (backlogs.length > 0) {
      out();
      out(`2./3. Backlog of ${BACKLOG} recruiter mails waiting when Hermes starts (distinct senders); memory`);
      const rows: string[][] = [['run', 'mails/s', 'last reply', 'all filed', 'fetched (first..all)', 'processed', 'RSS idle', 'RSS after', 'RSS peak', 'CPU s: Hermes/bench/Dovecot']];
      for (const b of backlogs) {
        const c = b.cpu;
        rows.push([
          b.label,
          `${b.perSecond}`,
          `${b.seconds.toFixed(2)} s`,
          b.quiescentSeconds === null ? 'n/a' : `${b.quiescentSeconds.toFixed(2)} s`,
          `${b.stages.firstFetch.toFixed(2)}..${b.stages.allFetched.toFixed(2)} s`,
          `${b.stages.allProcessed.toFixed(2)} s`,
          `${b.rssIdleMb} MB`,
          `${b.rssAfterMb} MB`,
          b.rssPeakMb === null ? 'n/a' : `${b.rssPeakMb} MB`,
          c ? `${c.hermes ?? '(in bench)'}/${c.bench}/${c.dovecot ?? '?'} in ${c.wallSeconds} s` : '',
        ]);
      }
      out(table(rows));
      const inproc = backlogs.find((b) => b.mode === 'in-process' && b.sentCopy);
      const child = backlogs.find((b) => b.mode === 'child-process');
      const tp = child ?? inproc;
      if (inproc) out(`   throughput in-process, SENT_COPY=true: ${inproc.perSecond}/s (target >= ${THROUGHPUT_TARGET}/s: ${inproc.perSecond >= THROUGHPUT_TARGET ? 'MET' : 'MISSED'})`);
      if (child) {
        const steady = BACKLOG / (child.seconds - child.startupMs! / 1000);
        out(`   throughput child process: ${child.perSecond}/s from spawn (${r1(steady)}/s after its ${child.startupMs} ms start-up) (target >= ${THROUGHPUT_TARGET}/s: ${child.perSecond >= THROUGHPUT_TARGET ? 'MET' : 'MISSED'})`);
        const worst = Math.max(child.rssAfterMb, child.rssPeakMb ?? 0);
        out(`   memory, child process (the fair figure): idle ${child.rssIdleMb} MB, after backlog ${child.rssAfterMb} MB, peak ${child.rssPeakMb} MB (target < ${RSS_TARGET_MB} MB: ${worst < RSS_TARGET_MB ? 'MET' : 'MISSED'})`);
      }
      if (!tp) out('   (no SENT_COPY=true run)');
      out('   in-process RSS includes the bench itself (Dovecot clients, SMTP relay, fake API) and earlier phases.');
      out(`   "last reply" = start of Hermes -> last of the ${BACKLOG} replies accepted (throughput = ${BACKLOG} / this); "all filed" = until the read-back sent copies are processed too.`);
      out('   CPU = seconds of CPU over the timed window: Hermes child (incl. its esbuild helper) / this bench process (SMTP relay, fake API; in-process runs: Hermes too) / Dovecot (all its processes).');
    }
    out(`   total bench time ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    const json = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      node: process.version,
      extraHermesEnv: EXTRA_HERMES_ENV,
      latency: latencyJson,
      backlog: backlogs,
      totalSeconds: r1((Date.now() - startedAt) / 1000),
    };
    out();
    out(`BENCH_JSON ${JSON.stringify(json)}`);
    return 0;
  } finally {
    await fake.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(`bench-loop failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
