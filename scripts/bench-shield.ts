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
    for (let round = 0; round < 20; round++) {
      for (const e of emails) {
        plain.push(micros(() => screen(e.text)));
        full.push(micros(() => screen(e)));
      }
    }
    report(`recruiter corpus, text only (${emails.length} emails)`, plain);
    report('recruiter corpus, text + html + names', full);
    // Each email's median over the 20 rounds: what the email costs, without the garbage-collector
    // pauses and scheduler preemptions that land on single samples of a shared machine.
    const perEmail = (samples: number[]) =>
      emails.map((_, i) => Array.from({ length: 20 }, (_, r) => samples[r * emails.length + i] ?? 0).sort((a, b) => a - b)[10] ?? 0);
    report('  per-email medians, text only', perEmail(plain));
    report('  per-email medians, text + html + names', perEmail(full));
    cliPasses(emails);
  } else console.log(`no recruiter corpus at ${EVAL}; skipping`);
  for (const size of [100_000, 1_000_000]) {
    let worst = 0;
    for (const [name, text] of adversarial(size)) {
      const median = (input: ShieldInput) => [...Array.from({ length: 5 }, () => micros(() => screen(input)))].sort((a, b) => a - b)[2] ?? 0;
      const asText = median({ text });
      const asHtml = median({ text: '', html: text });
      worst = Math.max(worst, asText, asHtml);
      console.log(`${size / 1000} KB ${name.padEnd(20)} median of 5: text ${(asText / 1000).toFixed(1).padStart(6)} ms   as html ${(asHtml / 1000).toFixed(1).padStart(6)} ms`);
    }
    console.log(`${size / 1000} KB worst case: ${(worst / 1000).toFixed(1)} ms`);
  }
}

await main();
