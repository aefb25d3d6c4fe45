/**
 * SHIELD latency: median and p99 microseconds per email on the recruiter corpus, and the time
 * for 100 KB and 1 MB adversarial inputs. Run: tsx scripts/bench-shield.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { screen, type ShieldInput } from '../src/safety/shield/shield.js';
import { warmUpShield } from '../src/safety/shield/warm-up.js';

/** Rounds over the corpus before measuring, until V8 has compiled the hot paths with its optimising tier. */
const WARM_UP_ROUNDS = 30;
/** Measured rounds over the corpus, each text only and then with HTML and names. */
const ROUNDS = 40;
/** Rounds with a core to itself needed for the figures that leave the host's other work out. */
const MIN_QUIET_ROUNDS = 5;
const EVAL = path.resolve(import.meta.dirname, '../../shared/eval');

function micros(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1000;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function corpus(): Promise<ShieldInput[]> {
  const dir = path.join(EVAL, 'recruiter');
  if (!existsSync(dir)) return [];
  const out: ShieldInput[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.eml')).sort()) {
    const p = await simpleParser(readFileSync(path.join(dir, f)), { skipImageLinks: true, skipTextToHtml: true });
    out.push({ text: `${p.subject ?? ''}\n${p.text ?? ''}`, html: typeof p.html === 'string' ? p.html : null, attachmentNames: p.attachments.map((a) => a.filename ?? '') });
  }
  return out;
}

function adversarial(size: number): Array<[string, string]> {
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  return [
    ['repeated a', fill('a')],
    ['spaced letters', fill('a ')],
    ['dotted letters', fill('a.')],
    ['leet run', fill('a!')],
    ['leet tokens', fill('h3ll0 a1 ')],
    ['shortest leet tokens', fill('a1 ')],
    ['dotted short words', fill('a.b ')],
    ['entities', fill('&amp;')],
    ['image tags', fill('<img ')],
    ['markdown images', fill('![ ')],
    ['alt attributes', fill('<img alt="')],
    ['spaces', fill(' ')],
    ['separators', fill('-=')],
    ['newlines', fill('\n')],
    ['nested markup', fill('<div style="display:none"><span>')],
    ['unclosed comments', fill('<!--')],
    ['base64-looking', fill('QWxhZGRpbjpvcGVuIHNlc2FtZQ')],
    ['ignore repeated', fill('ignore ')],
    ['role tokens', fill('<|im_start|>')],
    ['sentences', fill('I want to talk about the role. ')],
    ['morse', fill('.. --. -. --- .-. . / .- .-.. .-.. / ')],
    ['white buttons', fill('<p style="color:rgb(255,255,255);background-color:#0a66c2">a</p>')],
  ];
}

/**
 * How much of a core the host gave this process, measured beside SHIELD. Two fixed pieces of work
 * that allocate nothing and whose code never changes: a regex scan of a 3 KB text that matches
 * nowhere, which needs the core's full width as SHIELD's scans and table walks do, and a chain of
 * dependent multiplications, which waits on each result and needs little of it. On this box's two
 * vCPUs, work on the other one halves the scan's speed and leaves the chain's as it is, so their
 * ratio reads ~0.8 with the other vCPU idle and ~1.5 with it busy; a slower or faster machine moves
 * both (docs/shield.md, "What the host does to the figures").
 */
const PROBE_TEXT = 'Hi Alex, we would love to talk about the role at Delmar Logistics next week. '.repeat(40);
const PROBE_RE = /\b(?:ignore|disregard)\s+(?:all\s+)?previous\s+instructions\b|\bkill myself\b|role\s+at\s+\w+\s+next\s+month/g;
let chainSink = 0;

function probe(): [scan: number, chain: number] {
  const scan = micros(() => {
    for (let k = 0; k < 20; k++) {
      PROBE_RE.lastIndex = 0;
      while (PROBE_RE.exec(PROBE_TEXT) !== null);
    }
  });
  const chain = micros(() => {
    let x = chainSink;
    for (let i = 0; i < 60_000; i++) x = (Math.imul(x, 31) + i) | 0;
    chainSink = x;
  });
  return [scan, chain];
}

/** Above this scan/chain ratio the host was sharing the core (0.8 alone, 1.5 shared on this box). */
const SHARED_RATIO = 1.2;
const median = (xs: number[]): number => quantile([...xs].sort((a, b) => a - b), 0.5);
const ratioOf = (probes: Array<[number, number]>): number => median(probes.map(([scan, chain]) => scan / chain));

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`${label.padEnd(40)} median ${quantile(sorted, 0.5).toFixed(1).padStart(9)} µs   p99 ${quantile(sorted, 0.99).toFixed(1).padStart(9)} µs`);
}

const CLI = path.resolve(import.meta.dirname, '../src/cli.ts');
const CLI_RUNS = 3;

/**
 * What `hermes shield` reports: one pass over the texts, in a fresh process after its own warm-up,
 * each line's `micros`. Mail it has not seen costs more than the warm loop above (docs/shield.md,
 * "Warm-up").
 */
function cliPasses(emails: ShieldInput[]): void {
  const input = `${emails.map((e, id) => JSON.stringify({ id, text: e.text ?? '' })).join('\n')}\n`;
  for (let run = 1; run <= CLI_RUNS; run++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', CLI, 'shield'], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
    report(`text only, one pass of hermes shield (${run})`, out.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { micros: number }).micros));
  }
}

async function main(): Promise<void> {
  // First the warm-up `hermes shield` runs, so what is measured is SHIELD in the state Hermes runs
  // it in (with the rules compiled to machine code, and V8 past its 16 MB of executable memory).
  warmUpShield();
  const emails = await corpus();
  if (emails.length > 0) {
    for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const e of emails) { screen(e.text); screen(e); }
    const plain: number[] = [];
    const full: number[] = [];
    const probes: Array<[number, number]> = [];
    const alone: boolean[] = [];
    for (let k = 0; k < 50; k++) probe();
    // Each kind in a round of its own, so every screening follows another email's, as in a stream
    // of mail. Screened right after its own text, an email found its table rows, regex code and
    // branches in the CPU's caches: until 2026-11-27 this loop interleaved the two, and the figure
    // with HTML and names read ~42 µs where a screening that follows another email's costs ~75.
    // The host check runs before and after each round; a round counts as one with a core to itself
    // when both read so.
    for (let round = 0; round < ROUNDS; round++) {
      const before = Array.from({ length: 3 }, probe);
      for (const e of emails) plain.push(micros(() => screen(e.text)));
      for (const e of emails) full.push(micros(() => screen(e)));
      const after = Array.from({ length: 3 }, probe);
      probes.push(...before, ...after);
      alone.push(ratioOf(before) <= SHARED_RATIO && ratioOf(after) <= SHARED_RATIO);
    }
    report(`recruiter corpus, text only (${emails.length} emails)`, plain);
    report('recruiter corpus, text + html + names', full);
    // Each email's median over the rounds: what the email costs, without the garbage-collector
    // pauses and scheduler preemptions that land on single samples of a shared machine.
    const perEmail = (samples: number[], rounds: number[]) => emails.map((_, i) => median(rounds.map((r) => samples[r * emails.length + i] ?? 0)));
    const all = Array.from({ length: ROUNDS }, (_, r) => r);
    report('  per-email medians, text only', perEmail(plain, all));
    report('  per-email medians, text + html + names', perEmail(full, all));
    const quiet = all.filter((r) => alone[r]);
    console.log(
      `host check: regex scan ${median(probes.map(([scan]) => scan)).toFixed(1)} µs, multiply chain ${median(probes.map(([, chain]) => chain)).toFixed(1)} µs, ` +
        `ratio ${ratioOf(probes).toFixed(2)} (about 0.8 with a core to itself, 1.5 sharing it); rounds with a core to itself: ${quiet.length} of ${ROUNDS}`,
    );
    if (quiet.length >= MIN_QUIET_ROUNDS) {
      report('  per-email medians, text only, core to itself', perEmail(plain, quiet));
      report('  per-email medians, text + html + names, same', perEmail(full, quiet));
    } else console.log(`  fewer than ${MIN_QUIET_ROUNDS} rounds with a core to itself: no figure without the host's other work`);
    cliPasses(emails);
  } else console.log(`no recruiter corpus at ${EVAL}; skipping`);
  for (const size of [100_000, 1_000_000]) {
    let worst = 0;
    for (const [name, text] of adversarial(size)) {
      const medianOf5 = (input: ShieldInput) => median(Array.from({ length: 5 }, () => micros(() => screen(input))));
      const asText = medianOf5({ text });
      const asHtml = medianOf5({ text: '', html: text });
      worst = Math.max(worst, asText, asHtml);
      console.log(`${size / 1000} KB ${name.padEnd(20)} median of 5: text ${(asText / 1000).toFixed(1).padStart(6)} ms   as html ${(asHtml / 1000).toFixed(1).padStart(6)} ms`);
    }
    console.log(`${size / 1000} KB worst case: ${(worst / 1000).toFixed(1)} ms`);
  }
}

await main();
