/**
 * Accuracy and confusion matrix of the intent classifiers on ../shared/eval/recruiter: the
 * keyword rules always, the model too when ANTHROPIC_API_KEY is set. Only file names, labels and
 * counts are printed, never the mail texts.
 * Run: npm run eval:intent
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configFromProcessEnv } from '../src/config/env.js';
import { classifyByKeywords } from '../src/conversations/intent-keywords.js';
import { classifyIntent, loadIntentSystemPrompt } from '../src/conversations/intent-llm.js';
import { INTENTS, isIntent, type Intent, type IntentInput } from '../src/conversations/intents.js';
import { createAnthropicClient } from '../src/llm/anthropic-client.js';
import { parseEmail } from '../src/parse/parse-email.js';
import { createLogger } from '../src/shared/logger.js';

const DIR = path.resolve(import.meta.dirname, '../../shared/eval/recruiter');

interface Sample {
  file: string;
  truth: Intent;
  input: IntentInput;
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
  console.log('confusion matrix (rows = true intent, columns = predicted)');
  const w = 20;
  console.log(''.padEnd(w) + INTENTS.map((c) => ABBREV[c].padStart(5)).join(''));
  for (const r of INTENTS) {
    const cells = INTENTS.map((c) => String(matrix.get(`${r}|${c}`) ?? '.').padStart(5));
    console.log(r.padEnd(w) + cells.join(''));
  }
  if (misses.length) console.log(`misclassified:\n${misses.join('\n')}`);
}

async function main(): Promise<void> {
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
  const config = configFromProcessEnv();
  const log = createLogger({ level: 'warn', format: 'json', fd: 2 });
  const llm = createAnthropicClient(config.llm, log.child({ component: 'llm' }));
  const deps = {
    llm,
    model: config.llm.intentModel,
    temperature: config.llm.intentTemperature,
    log: log.child({ component: 'intent' }),
    systemPrompt: loadIntentSystemPrompt(config.configDir),
  };
  const results = [];
  for (const s of samples) results.push(await classifyIntent(deps, s.input));
  const fallbacks = results.filter((r) => r.source === 'keywords').length;
  report(`model classifier (${config.llm.intentModel}, temperature ${config.llm.intentTemperature})`, samples, results.map((r) => r.intent));
  if (fallbacks) console.log(`${fallbacks} of ${samples.length} answers came from the keyword fallback`);
}

await main();
