/**
 * Trains SHIELD's hashed n-gram scorer on ../shared/eval (read, never committed) and writes the
 * sparse weights to src/safety/shield/weights.json. 30% of every source is held out by a hash of
 * the text, so eval-safety can report figures on rows the model never saw. Spikee injections and
 * the recruiter corpus are not trained on at all. The broad models also learn from the
 * repository's own invented sets (test/fixtures/), except the sets kept as yardsticks (set 4 of
 * jailbreak/, set 8 of injection/, set 5 of crisis/). Run: tsx scripts/train-shield.ts
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseForShield } from '../src/safety/shield/fast-normalise.js';
import { crisisFeatures, features, probability, wordBuckets, writerView, type KindModel } from '../src/safety/shield/scorer.js';
import { kindScore, screenPiece } from '../src/safety/shield/screen-text.js';

export const EVAL = path.resolve(import.meta.dirname, '../../shared/eval');
const OUT = path.resolve(import.meta.dirname, '../src/safety/shield/weights.json');
const BITS = 15;
export const KEEP = 3_000;

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(src: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

/** The 30% of rows kept away from training, chosen by a hash of the text. */
export function heldOut(text: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < Math.min(text.length, 500); i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 10 >= 7;
}

export interface DevData {
  jailbreak: string[];
  jailbreakBenign: string[];
  crisis: string[];
  crisisByLabel: Record<string, string[]>;
  goemotions: string[];
  llmail: string[];
}

export function loadDevData(): DevData {
  const jb = parseCsv(readFileSync(path.join(EVAL, 'jailbreak/jackhhao_jailbreak_dataset_full.csv'), 'utf8')).slice(1);
  const cs = parseCsv(readFileSync(path.join(EVAL, 'crisis/cssrs_reddit_500_users_posts_labels.csv'), 'utf8')).slice(1);
  const byLabel: Record<string, string[]> = {};
  for (const r of cs) (byLabel[r[2]?.trim() ?? ''] ??= []).push(r[1] ?? '');
  const dir = path.join(EVAL, 'email_injection/llmail_benign_emails');
  return {
    jailbreak: jb.filter((r) => r[1] === 'jailbreak').map((r) => r[0] ?? ''),
    jailbreakBenign: jb.filter((r) => r[1] === 'benign').map((r) => r[0] ?? ''),
    crisis: ['Ideation', 'Behavior', 'Attempt'].flatMap((l) => byLabel[l] ?? []),
    crisisByLabel: byLabel,
    goemotions: readFileSync(path.join(EVAL, 'crisis/goemotions_test.tsv'), 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t')[0] ?? ''),
    llmail: readdirSync(dir).flatMap((f) => (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { emails: string[] }).emails),
  };
}

/** A training row: its features, its label, its weight and the length of its normalised text. */
export type Example = { feats: number[]; y: number; weight: number; chars: number };
type Featurise = (text: string, bits: number) => number[];

/** Negatives that look most like positives, and how much more each counts in training. */
export const HARD_NEGATIVE_WEIGHT = 3;

/** How much more each of our own invented attacks counts than a jackhhao jailbreak (there are fewer of them). */
const OWN_POSITIVE_WEIGHT = 3;

/** Rows used whole, with no held-out share: our own invented sets, whose yardsticks are other files. */
interface Extra {
  pos: string[];
  hardNeg: string[];
}

export function examples(fx: Featurise, pos: string[], neg: string[], hardNeg: string[] = [], extra: Extra = { pos: [], hardNeg: [] }): Example[] {
  const row = (t: string, y: number, weight: number): Example => {
    const text = normaliseForShield(t).text;
    return { feats: fx(text, BITS), y, weight, chars: text.length };
  };
  return [
    ...pos.map((t) => row(t, 1, 1)),
    ...extra.pos.map((t) => row(t, 1, OWN_POSITIVE_WEIGHT)),
    ...[...hardNeg, ...extra.hardNeg].map((t) => row(t, 0, HARD_NEGATIVE_WEIGHT)),
    ...neg.map((t) => row(t, 0, 1)),
  ];
}

/** Logistic regression by SGD with class weights and L2; deterministic order. */
export function train(data: Example[]): { bias: number; w: Float64Array } {
  const w = new Float64Array(1 << BITS);
  let bias = 0;
  const npos = data.filter((d) => d.y === 1).length;
  const cw = [data.length / (2 * (data.length - npos)), data.length / (2 * npos)];
  for (let epoch = 0; epoch < 20; epoch++) {
    const lr = 0.5 / (1 + epoch * 0.3);
    for (let k = 0; k < data.length; k++) {
      const d = data[(k * 7919 + epoch * 104729) % data.length] as Example;
      const scale = 1 / Math.sqrt(Math.max(1, d.feats.length));
      let z = bias;
      for (const f of d.feats) z += (w[f] as number) * scale;
      const g = (1 / (1 + Math.exp(-z)) - d.y) * (cw[d.y] as number) * d.weight;
      bias -= lr * g * 0.1;
      for (const f of d.feats) w[f] = (w[f] as number) * (1 - lr * 1e-4) - lr * g * scale;
    }
  }
  return { bias, w };
}

/** Share of the training negatives a broad model may pass when it decides alone. */
const ALONE_PASS = 0.0005;
/** ...and never below this probability. */
export const ALONE_FLOOR = 0.95;

/** What a broad model learns from beside the dev data, how many weights it keeps, and its least `alone`. */
interface AloneOptions {
  extra: Extra;
  keep: number;
  floor: number;
  /** Also set `aloneShort` from the negatives of at most this many characters, never below `shortFloor`. */
  shortChars?: number;
  shortFloor?: number;
}

/** Where a model that decides alone draws its lines: `alone` from all negatives, `aloneShort` from the short ones. */
export interface AloneLines {
  floor: number;
  short?: { chars: number; floor: number };
}

export function sparse(bias: number, w: Float64Array, negatives: Example[], keep = KEEP, alone?: AloneLines): KindModel {
  const order = [...w.keys()].sort((a, b) => Math.abs(w[b] as number) - Math.abs(w[a] as number)).slice(0, keep);
  const model: KindModel = { bias: Math.round(bias * 1000) / 1000, mid: 1, high: 1, w: {} };
  for (const i of order) if (Math.abs(w[i] as number) >= 0.001) model.w[String(i)] = Math.round((w[i] as number) * 1000) / 1000;
  // Each negative is scored once; every threshold below reads these scores.
  const scored = negatives.map((n) => ({ n, p: probability(model, n.feats) }));
  // Thresholds from the training negatives: "mid" lets 2% through, "high" 0.3%.
  const probs = scored.map((s) => s.p).sort((a, b) => b - a);
  model.mid = round4(probs[Math.floor(probs.length * 0.02)] ?? 0.5);
  model.high = round4(Math.max(model.mid, probs[Math.floor(probs.length * 0.003)] ?? 0.9));
  if (alone) {
    model.alone = round4(aloneThreshold(scored, alone.floor));
    const short = alone.short;
    if (short) {
      model.aloneShort = round4(aloneThreshold(scored.filter((s) => s.n.chars <= short.chars), short.floor));
      model.shortChars = short.chars;
    }
  }
  return model;
}

/**
 * The probability at or above which a model decides alone: at least `floor`, above the share
 * ALONE_PASS of its training negatives, and above every hard negative it was trained on (the
 * look-alikes, the invented recruiter mail, the Supportive posts): those are the texts nearest to
 * what it flags.
 */
function aloneThreshold(scored: Array<{ n: Example; p: number }>, floor: number): number {
  const probs = scored.map((s) => s.p).sort((a, b) => b - a);
  const hardest = scored.filter((s) => s.n.weight > 1).reduce((m, s) => Math.max(m, s.p), 0);
  return Math.max(floor, probs[Math.floor(probs.length * ALONE_PASS)] ?? 1, Math.ceil((hardest + ALONE_MARGIN) * 100) / 100);
}

/**
 * How far above the hardest hard negative `alone` stays before rounding up: rounding alone left
 * the crisis model 0.003 above its hardest Supportive history, and a held-out one scored 0.972.
 */
const ALONE_MARGIN = 0.005;

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function fit(name: string, fx: Featurise, pos: string[], neg: string[], hardNeg: string[] = [], alone?: AloneOptions): KindModel {
  const data = examples(fx, pos.filter((t) => !heldOut(t)), neg.filter((t) => !heldOut(t)), hardNeg.filter((t) => !heldOut(t)), alone?.extra);
  const { bias, w } = train(data);
  const lines = alone && { floor: alone.floor, short: alone.shortChars === undefined ? undefined : { chars: alone.shortChars, floor: alone.shortFloor ?? ALONE_FLOOR } };
  const model = sparse(bias, w, data.filter((d) => d.y === 0), alone?.keep, lines);
  console.log(`${name}: ${data.length} training rows, ${Object.keys(model.w).length} weights, mid ${model.mid}, high ${model.high}${model.alone ? `, alone ${model.alone}` : ''}${model.aloneShort ? ` (${model.aloneShort} up to ${model.shortChars} characters)` : ''}`);
  return model;
}

export const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures');
/**
 * Our invented sets the jailbreak model may learn from; set 4 of test/fixtures/jailbreak/ and set 8
 * of test/fixtures/injection/ stay unseen. (Sets 3 and 7 were the yardsticks of the first model and
 * joined the training once measured.)
 */
export const OWN_TRAINING_SETS = /^(?:chat-jailbreaks-[12356]|short-injections-[12356]|benign-prompts-1)\.jsonl$|^recruiter-injections-(?:[1-79]|10)\.jsonl$/;

function labelledRows(dir: string): Array<{ label: boolean; text: string }> {
  return readdirSync(dir)
    .filter((f) => OWN_TRAINING_SETS.test(f))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .map((l) => JSON.parse(l) as { label: boolean; text: string });
}

/**
 * Invented recruiter mail (test/fixtures/intents/): what the model must leave alone. The few
 * attacks among it (labelled by intent, not as attacks) are left out: those SHIELD's rules flag
 * without the models, so what the model learns never depends on an earlier model.
 */
let inventedMailCache: string[] | undefined;
export function inventedMail(): string[] {
  inventedMailCache ??= readInventedMail();
  return inventedMailCache;
}

/** Every invented recruiter email of test/fixtures/intents/, in file order. */
export function intentTexts(): string[] {
  const dir = path.join(FIXTURES, 'intents');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .map((l) => (JSON.parse(l) as { text: string }).text);
}

function readInventedMail(): string[] {
  return intentTexts().filter((t) => kindScore(screenPiece(t).signals.filter((sig) => !sig.rule.startsWith('scorer-')), 'jailbreak') < 1);
}

/**
 * Our own invented attacks and their look-alikes (sets 1-3 of test/fixtures/jailbreak/, sets 1-7
 * of test/fixtures/injection/) and the training share of the invented recruiter mail: the
 * jackhhao jailbreaks are almost all long persona templates, and a model trained on them alone
 * scores none of the attacks written in other words.
 */
function ownExamples(): Extra {
  const rows = ['jailbreak', 'injection', 'benign-prompts'].flatMap((dir) => labelledRows(path.join(FIXTURES, dir)));
  return {
    pos: rows.filter((r) => r.label).map((r) => r.text),
    hardNeg: [...rows.filter((r) => !r.label).map((r) => r.text), ...inventedMail().filter((t) => !heldOut(t))],
  };
}

/** A piece this long or shorter is a message, not a history: see `aloneShort`. */
const SHORT_CHARS = 2_000;
/** The least `aloneShort` of the crisis model. */
const SHORT_FLOOR = 0.9;

/** Share of Supportive training rows whose writer focus may reach `sureFocus`. */
const SURE_FOCUS_PASS = 0.2;

/** The writer focus that SURE_FOCUS_PASS of the Supportive training rows reach (not fitted, so no held-out needed). */
function sureFocus(supportive: string[]): number {
  const focus = supportive.filter((t) => !heldOut(t)).map((t) => writerView(normaliseForShield(t).text).focus).sort((a, b) => b - a);
  return round4(focus[Math.floor(focus.length * SURE_FOCUS_PASS)] ?? 1);
}

/**
 * Our invented crisis sets the crisis model may learn from (short emails set 5 and posts sets 3, 7
 * and 11 to 14 stay unseen), and the first set of ordinary short messages as hard negatives (the
 * second, `short-everyday-2`, is a yardstick).
 */
const OWN_CRISIS_SETS = /^(?:short-emails(?:-[234])?|crisis-posts-(?:[124568]|9|10)|short-everyday-1)\.jsonl$/;

/**
 * Our invented crisis sets of `OWN_CRISIS_SETS` (test/fixtures/crisis/) and their benign rows,
 * and the training share of the invented recruiter mail: C-SSRS posts are long Reddit threads,
 * and a person in crisis who writes to a recruiter writes three sentences.
 */
function ownCrisisExamples(): Extra {
  const dir = path.join(FIXTURES, 'crisis');
  const rows = readdirSync(dir)
    .filter((f) => OWN_CRISIS_SETS.test(f))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .map((l) => JSON.parse(l) as { label: string; text: string });
  return {
    pos: rows.filter((r) => r.label === 'crisis').map((r) => r.text),
    hardNeg: [...rows.filter((r) => r.label !== 'crisis').map((r) => r.text), ...inventedMail().filter((t) => !heldOut(t))],
  };
}

function main(): void {
  if (!existsSync(EVAL)) {
    console.log(`no evaluation data at ${EVAL}; nothing to train`);
    return;
  }
  const d = loadDevData();
  const everyCrisisRow = Object.values(d.crisisByLabel).flat();
  const jailbreakNeg = [...d.jailbreakBenign, ...d.llmail, ...d.goemotions, ...everyCrisisRow];
  const jailbreak = fit('jailbreak', features, d.jailbreak, jailbreakNeg);
  // Twice the weights of the other models: chosen by leaving out each invented set in turn
  // (scripts/loso-shield.ts; see docs/shield.md, "Scorer").
  const jailbreakAlone = fit('jailbreakAlone', wordBuckets, d.jailbreak, jailbreakNeg, [], { extra: ownExamples(), keep: 2 * KEEP, floor: ALONE_FLOOR });
  // Supportive users write about suicide to help others: the negatives closest to the positives.
  const supportive = d.crisisByLabel.Supportive ?? [];
  const crisisNeg = [...d.goemotions, ...d.jailbreakBenign, ...d.llmail];
  const crisis = fit('crisis', (t, bits) => crisisFeatures(writerView(t), bits), d.crisis, crisisNeg, supportive);
  crisis.sureFocus = sureFocus(supportive);
  console.log(`crisis: sure focus ${crisis.sureFocus}`);
  // The Supportive rows that set its `alone` are whole Reddit histories (median 2,900 characters,
  // the highest over 14,000); a message or a post is held to the hard negatives of its own length.
  const crisisAlone = fit('crisisAlone', wordBuckets, d.crisis, crisisNeg, supportive, { extra: ownCrisisExamples(), keep: KEEP, floor: ALONE_FLOOR, shortChars: SHORT_CHARS, shortFloor: SHORT_FLOOR });
  writeFileSync(OUT, `${JSON.stringify({ bits: BITS, jailbreak, jailbreakAlone, crisis, crisisAlone })}\n`);
  console.log(`wrote ${OUT}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
