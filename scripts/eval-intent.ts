/**
 * Accuracy, per-intent recall and confusion matrix of the intent classifiers on
 * ../shared/eval/recruiter: the keyword rules always, the model too when ANTHROPIC_API_KEY is set.
 * Only file names (or fixture ids), labels and counts are printed, never the mail texts.
 * Run: npm run eval:intent
 *      npm run eval:intent -- --file test/fixtures/intents/recruiter-intents.jsonl [--file ...]
 * A --file is JSON Lines of {"id","intent","subject","isReply","text"} (test/fixtures/intents/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classifyByKeywords } from '../src/conversations/intent-keywords.js';
import { classifyIntent } from '../src/conversations/intent-llm.js';
import { INTENTS, isIntent, type Intent, type IntentInput } from '../src/conversations/intents.js';
import { parseEmail } from '../src/parse/parse-email.js';
import { intentModelFromEnv } from './intent-model.js';

const DIR = path.resolve(import.meta.dirname, '../../shared/eval/recruiter');

interface Sample {
  file: string;
  truth: Intent;
  input: IntentInput;
}

/** Labelled mails already reduced to an IntentInput: one JSON object a line. */
function loadJsonlSamples(file: string): Sample[] {
  const samples: Sample[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      const row = JSON.parse(line) as { id?: unknown; intent?: unknown; subject?: unknown; isReply?: unknown; text?: unknown };
      if (!isIntent(row.intent) || typeof row.text !== 'string' || typeof row.subject !== 'string' || typeof row.isReply !== 'boolean') {
        throw new Error(`${file}:${i + 1}: expected {"id","intent","subject","isReply","text"}`);
      }
      const id = typeof row.id === 'string' ? row.id : `line ${i + 1}`;
      samples.push({ file: id, truth: row.intent, input: { subject: row.subject, text: row.text, isReply: row.isReply } });
    });
  return samples;
}

async function loadSamples(): Promise<Sample[]> {
  const labels = new Map<string, Intent>();
  for (const line of readFileSync(path.join(DIR, 'labels.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { file?: unknown; intent?: unknown };
    if (typeof row.file === 'string' && isIntent(row.intent)) labels.set(row.file, row.intent);
  }
  const samples: Sample[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.eml')).sort()) {
    const truth = labels.get(file);
    if (!truth) continue;
    const email = await parseEmail(readFileSync(path.join(DIR, file)));
    const isReply = email.inReplyTo !== null || email.references.length > 0 || /^\s*(?:re|aw|sv)\s*:/i.test(email.subject);
    samples.push({ file, truth, input: { subject: email.subject, text: email.text, isReply } });
  }
  return samples;
}

const ABBREV: Record<Intent, string> = {
  initial_contact: 'init',
  qualifying_question: 'qual',
  resume_request: 'resm',
  pii_request: 'pii',
  form_request: 'form',
  phone_request: 'phon',
  github_username: 'gh',
  follow_up: 'fllw',
  rejection: 'rej',
  other: 'oth',
};

function report(title: string, samples: Sample[], predicted: Intent[]): void {
  const matrix = new Map<string, number>();
  let correct = 0;
  const misses: string[] = [];
  samples.forEach((s, i) => {
    const p = predicted[i] as Intent;
    matrix.set(`${s.truth}|${p}`, (matrix.get(`${s.truth}|${p}`) ?? 0) + 1);
    if (p === s.truth) correct++;
    else misses.push(`  ${s.file}: ${s.truth} -> ${p}`);
  });
  const pct = ((100 * correct) / samples.length).toFixed(1);
  console.log(`\n${title}: accuracy ${pct}% (${correct}/${samples.length})`);
  console.log('confusion matrix (rows = true intent, columns = predicted; recall = row share right)');
  const w = 20;
  console.log(''.padEnd(w) + INTENTS.map((c) => ABBREV[c].padStart(5)).join('') + '  recall');
  for (const r of INTENTS) {
    const cells = INTENTS.map((c) => String(matrix.get(`${r}|${c}`) ?? '.').padStart(5));
    const total = samples.filter((s) => s.truth === r).length;
    const recall = total ? `${((100 * (matrix.get(`${r}|${r}`) ?? 0)) / total).toFixed(0)}% of ${total}` : '-';
    console.log(r.padEnd(w) + cells.join('') + `  ${recall}`);
  }
  if (misses.length) console.log(`misclassified:\n${misses.join('\n')}`);
}

/** The values of every `--file <path>` / `--file=<path>` argument. */
function fileArgs(argv: readonly string[]): string[] {
  const files: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--file') {
      const next = argv[i + 1];
      if (!next || next.startsWith('--')) throw new Error('--file needs a path');
      files.push(next);
    } else if (arg.startsWith('--file=')) files.push(arg.slice('--file='.length));
  });
  return files;
}

async function main(): Promise<void> {
  const files = fileArgs(process.argv.slice(2));
  if (files.length) {
    for (const file of files) {
      const samples = loadJsonlSamples(path.resolve(file));
      report(`keyword classifier on ${file}`, samples, samples.map((s) => classifyByKeywords(s.input).intent));
    }
    return;
  }
  if (!existsSync(path.join(DIR, 'labels.jsonl'))) {
    console.log(`No evaluation data at ${DIR}; nothing to measure.`);
    return;
  }
  const samples = await loadSamples();
  report('keyword classifier', samples, samples.map((s) => classifyByKeywords(s.input).intent));

  if (!process.env.ANTHROPIC_API_KEY) {
    console.log('\nANTHROPIC_API_KEY is not set: the model classifier was not measured.');
    return;
  }
  const { config, deps } = intentModelFromEnv();
  const results = [];
  for (const s of samples) results.push(await classifyIntent(deps, s.input));
  const fallbacks = results.filter((r) => r.source === 'keywords').length;
  report(`model classifier (${config.llm.intentModel}, temperature ${config.llm.intentTemperature})`, samples, results.map((r) => r.intent));
  if (fallbacks) console.log(`${fallbacks} of ${samples.length} answers came from the keyword fallback`);
}

await main();
