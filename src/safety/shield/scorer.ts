/**
 * Linear models over hashed word unigrams and bigrams of the normalised text, trained by
 * scripts/train-shield.ts: a persona jailbreak model and a crisis model, which add evidence where
 * the rules see only a weak phrase, and two broad models (`jailbreakAlone`, `crisisAlone`),
 * trained on our invented sets as well, which may also decide alone above their `alone`
 * threshold (see docs/shield.md, "Scorer"). Weights are sparse and small.
 *
 * The crisis model reads only the writer's own sentences (those with "I", "me", "my"…) plus how
 * much the text is about the writer rather than the reader: people who post to help someone in
 * crisis use the same vocabulary as people in crisis, but about "you".
 */
import { PIECE_UNITS } from './code-units.js';
import weights from './weights.json' with { type: 'json' };

export interface KindModel {
  bias: number;
  /** Probabilities let through by 2% and by 0.3% of the training negatives. */
  mid: number;
  high: number;
  /**
   * `jailbreakAlone` and `crisisAlone` only: the probability at or above which the model decides
   * alone (see `scorerSignals` in screen-text.ts). Set by the training script; see docs/shield.md.
   */
  alone?: number;
  /**
   * `crisisAlone` only: the threshold for a piece of at most `shortChars` characters, set by the
   * hard negatives of that length alone. The long ones are Reddit users' whole histories of
   * replies to people in crisis, thousands of words each, whose evidence adds up as no single
   * message's does.
   */
  aloneShort?: number;
  shortChars?: number;
  /**
   * Crisis only: the writer focus (first-person share of first- and second-person words) at or
   * above which a probability over `high` counts as sure. Set from the Supportive training rows:
   * people who post to help others score high on the model but low on focus.
   */
  sureFocus?: number;
  /** bucket index -> weight; buckets not listed weigh 0. */
  w: Record<string, number>;
}
export interface ScorerWeights {
  bits: number;
  /** Corroborates a weak jailbreak rule signal; trained on jackhhao (persona templates). */
  jailbreak: KindModel;
  /** Decides alone above its `alone` threshold; trained on jackhhao and our own invented attacks. */
  jailbreakAlone: KindModel;
  crisis: KindModel;
  /** Decides alone above its `alone` threshold; trained on C-SSRS and our own invented short crisis emails. */
  crisisAlone: KindModel;
}

/** A word; a mail address's `@` and what follows it stay in the word, read as an `a` (see `hashWordBuckets`). */
const WORD = /[a-z']+(?:@[a-z']+)*/g;
const wordOf = (m: string): string => (m.includes('@') ? m.replaceAll('@', 'a') : m);
/**
 * Feature extraction reads at most this much of a piece; the rules see all of it. The crisis
 * models add no evidence to a longer piece (`CRISIS_MODEL_MAX_CHARS` in screen-text.ts).
 */
export const MAX_SCORED_CHARS = 20_000;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Distinct hashed unigram and bigram buckets of `text` (already normalised, lower case). */
export function features(text: string, bits: number): number[] {
  const mask = (1 << bits) - 1;
  const seen = new Set<number>();
  let prev = '';
  WORD.lastIndex = 0;
  const slice = text.length > MAX_SCORED_CHARS ? text.slice(0, MAX_SCORED_CHARS) : text;
  for (let m = WORD.exec(slice); m; m = WORD.exec(slice)) {
    const w = wordOf(m[0]);
    seen.add(fnv1a(w) & mask);
    if (prev) seen.add(fnv1a(`${prev} ${w}`) & mask);
    prev = w;
  }
  return [...seen];
}

const FIRST_PERSON = new Set(['i', "i'm", 'im', "i've", 'ive', "i'd", "i'll", 'me', 'my', 'myself', 'mine']);
const SECOND_PERSON = new Set(['you', "you're", 'youre', "you've", 'youve', "you'd", 'youd', "you'll", 'youll', 'your', 'yours', 'yourself', 'u', 'ur']);
// Sentence ends, and the `', '` between posts of a list-encoded thread.
const SENTENCE = /[.!?\n]+|', '/;
// Pseudo-words for the pronoun buckets; the control character keeps them apart from real words.
const FOCUS_WORD = '\u0001focus';
const SELF_RATE_WORD = '\u0001self';

export interface WriterView {
  /** The sentences that speak in the first person, joined. */
  own: string;
  /** First-person words / (first- + second-person words + 1): near 1 about the writer, near 0 about the reader. */
  focus: number;
  /** First-person words per 100 words. */
  selfRate: number;
}

/**
 * What the writer says about themself. Self-focused language goes with depression and suicidal
 * writing; advice to someone else is about "you".
 */
export function writerView(text: string): WriterView {
  const slice = text.length > MAX_SCORED_CHARS ? text.slice(0, MAX_SCORED_CHARS) : text;
  const own: string[] = [];
  let first = 0;
  let second = 0;
  let total = 0;
  for (const sentence of slice.split(SENTENCE)) {
    let mine = false;
    WORD.lastIndex = 0;
    for (let m = WORD.exec(sentence); m; m = WORD.exec(sentence)) {
      total++;
      if (FIRST_PERSON.has(m[0])) {
        first++;
        mine = true;
      } else if (SECOND_PERSON.has(m[0])) second++;
    }
    if (mine) own.push(sentence);
  }
  return { own: own.join(' . '), focus: first / (first + second + 1), selfRate: (100 * first) / (total + 1) };
}

/**
 * Features for the crisis model: hashed unigrams and bigrams of the writer's own sentences, plus
 * the writer focus (0–4) and the first-person rate (0–4, in steps of 3 per 100 words) as buckets.
 */
export function crisisFeatures(view: WriterView, bits: number): number[] {
  const feats = features(view.own, bits);
  const mask = (1 << bits) - 1;
  const focus = Math.min(4, Math.floor(5 * view.focus));
  const rate = Math.min(4, Math.floor(view.selfRate / 3));
  feats.push(fnv1a(`${FOCUS_WORD}${focus}`) & mask, fnv1a(`${SELF_RATE_WORD}${rate}`) & mask);
  return feats;
}

/** Bits of the broad models' buckets at most; `fillWordBuckets` marks seen buckets in a table this size. */
const MAX_BITS = 16;
/** One bit per bucket (8 KB, so it stays in the core's first-level cache): seen in the text being read. */
const SEEN = new Int32Array((1 << MAX_BITS) >>> 5);
const UNITS = PIECE_UNITS;
/** The buckets of the text last read, reused between calls (at most two per word). */
let BUCKETS = new Int32Array(4096);

/**
 * Puts the broad models' features of `text` (normalised, lower case) in `BUCKETS[0..count)` and
 * returns `count`: the hashed words (runs of `[a-z']`) and word pairs, each bucket once, from one
 * pass over the code units. No word string is built: a word is hashed by FNV-1a as it is read, and
 * a pair's bucket mixes its two words' hashes.
 */
function fillWordBuckets(text: string, bits: number): number {
  // Both deciding models may read the same piece, one after the other.
  if (text === filled.text && bits === filled.bits) return filled.count;
  filled.count = hashWordBuckets(text, bits);
  filled.text = text;
  filled.bits = bits;
  return filled.count;
}
/** The text whose buckets `BUCKETS` holds. */
const filled = { text: '', bits: 0, count: 0 };

function hashWordBuckets(text: string, bits: number): number {
  const mask = (1 << bits) - 1;
  const n = Math.min(text.length, MAX_SCORED_CHARS);
  if (BUCKETS.length < n + 2) BUCKETS = new Int32Array(n + 2);
  const units = UNITS.load(n < text.length ? text.slice(0, n) : text);
  let count = 0;
  let h = FNV_OFFSET;
  let len = 0;
  let prev = 0;
  let first = true;
  for (let i = 0; i < n; i++) {
    const c = units[i] as number;
    if (WORD_CHAR[c] === 1) {
      h = Math.imul(h ^ c, FNV_PRIME);
      len++;
      continue;
    }
    // An `@` inside a word is a mail address's, which the normaliser leaves as written. The models
    // were trained on text where it was folded to an `a`, one word with the letters around it, so
    // they read it so: an address is not words of the writer's ("evil" in "x@evil.example").
    if (c === 64 && len > 0 && i + 1 < n && WORD_CHAR[units[i + 1] as number] === 1) {
      h = Math.imul(h ^ 97, FNV_PRIME);
      len++;
      continue;
    }
    if (len === 0) continue;
    count = endWord(h, prev, first, mask, count);
    prev = h;
    first = false;
    h = FNV_OFFSET;
    len = 0;
  }
  if (len > 0) count = endWord(h, prev, first, mask, count);
  for (let k = 0; k < count; k++) SEEN[(BUCKETS[k] as number) >>> 5] = 0;
  return count;
}

/** Marks a word's bucket and, unless it is the `first` word, its pair's with the word before (`prev`); returns the new count. */
function endWord(word: number, prev: number, first: boolean, mask: number, count: number): number {
  const uni = word & mask;
  const uniBit = 1 << (uni & 31);
  if (((SEEN[uni >>> 5] as number) & uniBit) === 0) {
    SEEN[uni >>> 5] = (SEEN[uni >>> 5] as number) | uniBit;
    BUCKETS[count++] = uni;
  }
  if (!first) {
    const bi = Math.imul(prev ^ Math.imul(word, 0x9e3779b1), 0x85ebca6b) & mask;
    const biBit = 1 << (bi & 31);
    if (((SEEN[bi >>> 5] as number) & biBit) === 0) {
      SEEN[bi >>> 5] = (SEEN[bi >>> 5] as number) | biBit;
      BUCKETS[count++] = bi;
    }
  }
  return count;
}

// Hashes are kept as int32 (`| 0`), never as uint32: V8 holds an int32 loop variable unboxed, and
// the buckets (low bits) are the same either way.
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
/** `[a-z']` by code unit. */
const WORD_CHAR = new Uint8Array(0x10000);
for (let c = 97; c <= 122; c++) WORD_CHAR[c] = 1;
WORD_CHAR[39] = 1;

/**
 * The broad models' features of `text` as a list (for training and tests): see `fillWordBuckets`.
 * About 5 µs for an email, against ~40 µs for `features`, so the broad models can read many
 * pieces, not only those a rule already flagged.
 */
export function wordBuckets(text: string, bits: number): number[] {
  return Array.from(BUCKETS.subarray(0, fillWordBuckets(text, bits)));
}

export function probability(model: Pick<KindModel, 'bias' | 'w'>, feats: number[]): number {
  if (feats.length === 0) return 0;
  let z = 0;
  for (const f of feats) z += model.w[f] ?? 0;
  // Presence features scaled by 1/sqrt(n), so a long text is not more certain just for length.
  z = model.bias + z / Math.sqrt(feats.length);
  return 1 / (1 + Math.exp(-z));
}

// `unknown` first: the training script loads this module to write the file it reads.
const W = weights as unknown as ScorerWeights;

export function jailbreakProbability(text: string): number {
  return probability(W.jailbreak, features(text, W.bits));
}

/**
 * A deciding model's weights, looked up by bucket with no map: a bitmap of the buckets that have a
 * weight, the count of such buckets before each 32 of them, and the weights in bucket order. Only
 * 3,000 to 6,000 of the 32,768 buckets have one, so a model takes 20 to 32 KB instead of the 128 KB
 * of a dense array. The ~150 buckets of an email are read from two 4 KB arrays, and from the
 * weights only where a bucket has one, rather than from 150 scattered lines of 128 KB that the
 * rules' table scan keeps evicting. The sum is the same: the same float32 weights, added in the
 * same order.
 */
interface SparseWeights {
  present: Int32Array;
  before: Int32Array;
  values: Float32Array;
}
function sparse(model: KindModel | undefined): SparseWeights {
  const words = (1 << W.bits) >>> 5;
  const kept = Object.entries(model?.w ?? {})
    .map(([k, v]) => [Number(k), v] as const)
    .filter(([, v]) => v !== 0)
    .sort((x, y) => x[0] - y[0]);
  const present = new Int32Array(words);
  for (const [k] of kept) present[k >>> 5] = (present[k >>> 5] as number) | (1 << (k & 31));
  const before = new Int32Array(words);
  for (let i = 1; i < words; i++) before[i] = (before[i - 1] as number) + bitCount(present[i - 1] as number);
  return { present, before, values: Float32Array.from(kept, ([, v]) => v) };
}
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
const ALONE_WEIGHTS = sparse(W.jailbreakAlone);
const CRISIS_ALONE_WEIGHTS = sparse(W.crisisAlone);

function sparseProbability(model: KindModel | undefined, weights: SparseWeights, text: string): number {
  if (!model) return 0;
  const count = fillWordBuckets(text, W.bits);
  if (count === 0) return 0;
  const { present, before, values } = weights;
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const b = BUCKETS[k] as number;
    const word = present[b >>> 5] as number;
    const bit = 1 << (b & 31);
    if ((word & bit) !== 0) sum += values[(before[b >>> 5] as number) + bitCount(word & (bit - 1))] as number;
  }
  return 1 / (1 + Math.exp(-(model.bias + sum / Math.sqrt(count))));
}

/** The probability of the crisis model that may decide alone (`crisisAlone`), from `wordBuckets` features. */
export function crisisAloneProbability(text: string): number {
  return sparseProbability(W.crisisAlone, CRISIS_ALONE_WEIGHTS, text);
}

/** The probability of the model that may decide alone (`jailbreakAlone`), from `wordBuckets` features. */
export function jailbreakAloneProbability(text: string): number {
  return sparseProbability(W.jailbreakAlone, ALONE_WEIGHTS, text);
}

/**
 * The deciding jailbreak model (`jailbreakAlone`) reads only a piece that holds one of these words (whole tokens,
 * found by the rules' table pass): the vocabulary attacks on a model cannot do without, which most
 * mail never uses. 290 of the 317 invented attacks the model is sure of hold one; 18 of the 60
 * emails of the recruiter corpus and 66 of the 1,120 invented recruiter emails do, so the model
 * reads a few emails in ten instead of all.
 */
export const JAILBREAK_MODEL_WORDS: readonly string[] = [
  'ai', 'assistant', 'model', 'bot', 'agent', 'chatgpt', 'gpt', 'llm', 'claude', 'instructions', 'instruction', 'rules',
  'rule', 'guidelines', 'guideline', 'prompt', 'system', 'pretend', 'ignore', 'disregard', 'filter', 'filters',
  'filtered', 'unfiltered', 'restrictions', 'restriction', 'uncensored', 'censored', 'censorship', 'moderation',
  'character', 'roleplay', 'jailbreak', 'jailbroken', 'dan', 'developer', 'mode', 'simulate', 'persona', 'refuse',
  'refuses', 'refusal', 'refusals', 'decline', 'policy', 'policies', 'ethical', 'ethics', 'unethical', 'moral', 'morals',
  'immoral', 'limits', 'override', 'admin', 'password', 'secret', 'reveal', 'safety', 'verbatim', 'unlocked',
  'unrestricted', 'limitless', 'anweisungen', 'instrucciones', 'istruzioni', 'consignes', 'instructies', 'regeln',
  'reglas', 'regole', 'base64', 'decode', 'encode', 'hypothetical', 'hypothetically', 'fictional', 'illegal',
  'offensive', 'rude', 'insult', 'swear', 'swearing', 'filthy', 'dirty', 'disclaimers', 'disclaimer', 'lecture', 'pwned',
  // Machine readers named in the plural, by their job or in other languages, and what is said to them.
  'assistants', 'agents', 'models', 'bots', 'chatbot', 'chatbots', 'copilot', 'gemini', 'asistente', 'assistente',
  'assistent', 'assistenten', 'assistentin', 'assistenz', 'agente', 'agentes', 'modelo', 'modell', 'modello',
  'ki', 'ia', 'autoreply', 'auto', 'responder', 'autoresponder', 'whoever', 'screener', 'summarizer', 'summariser',
  'classifier', 'classifieur', 'reviewer', 'automated', 'automation', 'directive', 'directives', 'authorised', 'authorized',
];

/**
 * The deciding crisis model (`crisisAlone`) reads a piece shorter than
 * `CRISIS_MODEL_ANY_PIECE_CHARS` (screen-text.ts) only when it holds one of these words: the
 * distress words below and the words people use for wanting to be gone ("wake", "alive", "end",
 * "disappear", "pills"…). A longer piece it reads whatever its words.
 */
export const CRISIS_MODEL_EXTRA_WORDS: readonly string[] = [
  'wake', 'waking', 'woke', 'alive', 'living', 'gone', 'anymore', 'goodbye', 'disappear', 'disappearing', 'pills', 'bridge', 'sleep', 'ghost',
  'exist', 'existing', 'forever', 'end', 'ending', 'tonight', 'wish', 'nothing', 'point',
  // Chosen from the invented crisis posts and emails the model is sure of that held none of the
  // words above (115 of 300; 44 after), among words the invented and corpus mail rarely uses (the
  // model now reads 62 of 1,455 such mails, 58 before; "decided" would have made it 102).
  'night', 'nights', 'letters', 'peace', 'goodbyes', 'nobody', 'honest', 'myself', 'ways', 'tablets', 'lately', 'tidy',
  'alone', 'burden', 'tired', 'pain', 'calm', 'disappeared', 'funeral', 'funerals',
];

/**
 * Words for a person's own distress: low mood, anxiety, hopelessness, loneliness, shame,
 * exhaustion, pain, treatment and the words of death and self-harm. Each is ordinary on its own
 * ("I'm tired", "a pain to set up"); the screen counts how many different ones a writer uses
 * about themself (see `DISTRESS_WORDS_FOR_MODEL` in screen-text.ts). Whole words only, so
 * "cutting-edge", "exhaustive" and "legal counsel" do not count.
 */
export const DISTRESS_WORDS: readonly string[] = [
  'depressed', 'depression', 'depressing', 'anxiety', 'anxious', 'hopeless', 'hopelessness', 'worthless',
  'lonely', 'loneliness', 'friendless', 'numb', 'miserable', 'misery', 'suffering', 'crying', 'cried',
  'tears', 'unhappy', 'exhausted', 'loathing', 'hatred', 'ashamed', 'trapped', 'burden', 'helpless',
  'desperate', 'despair', 'agony', 'therapy', 'therapist', 'counselor', 'counsellor', 'psychiatrist',
  'antidepressants', 'meds', 'suicidal', 'suicide', 'overdose', 'scars', 'bipolar', 'ptsd', 'anorexia',
  'bulimia', 'empty', 'pointless', 'meaningless', 'failure', 'useless', 'sad', 'sadness', 'pain',
  'painful', 'hurt', 'hurts', 'hurting', 'alone', 'tired', 'dead', 'die', 'dying', 'death', 'kill',
];
const DISTRESS_RE = new RegExp(`\\b(?:${DISTRESS_WORDS.join('|')})\\b`, 'g');

/** How many different distress words the writer's own sentences hold. */
export function distressWords(own: string): number {
  const seen = new Set<string>();
  DISTRESS_RE.lastIndex = 0;
  for (let m = DISTRESS_RE.exec(own); m; m = DISTRESS_RE.exec(own)) seen.add(m[0]);
  return seen.size;
}

export interface CrisisScore {
  probability: number;
  /** The probability is over `high` and the text is about its writer (focus over `sureFocus`). */
  sure: boolean;
  /** Different distress words in the writer's own sentences (`distressWords`). */
  distress: number;
}

export function crisisScore(text: string): CrisisScore {
  const view = writerView(text);
  const p = probability(W.crisis, crisisFeatures(view, W.bits));
  const sure = W.crisis.sureFocus !== undefined && p >= W.crisis.high && view.focus >= W.crisis.sureFocus;
  return { probability: p, sure, distress: sure ? distressWords(view.own) : 0 };
}

/** Both models at once, for tools and tests; screening asks only for the kind it needs. */
export function scoreText(text: string): { jailbreak: number; crisis: number; crisisSure: boolean } {
  const crisis = crisisScore(text);
  return { jailbreak: jailbreakProbability(text), crisis: crisis.probability, crisisSure: crisis.sure };
}

export const scorerModels: ScorerWeights = W;
