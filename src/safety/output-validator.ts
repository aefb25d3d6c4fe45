/**
 * The last gate before a reply leaves (DESIGN.md section 9, invariant 1): a pure check of one
 * draft, LLM-written or not. Every pattern here is linear in the draft: phrases are matched by
 * walking a word trie, never by one regex alternation per phrase, and every regex is bounded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FabricatedPii } from '../persona/fabricate.js';
import { AppError } from '../shared/errors.js';
import { foldLeet, joinSpacedLetters, normaliseText, stripInvisible } from './normalise.js';
import { smuggledText } from './smuggled.js';

export type ValidationRule = 'empty' | 'ai_disclosure' | 'real_pii' | 'call_before_star' | 'hidden_text';
/** `detail` names what matched by kind or list position, never by the personal value itself. */
export interface ValidationFailure { rule: ValidationRule; detail: string }
export interface ValidatorTerms { aiDisclosure: readonly string[]; callPhrases: readonly string[] }
export interface ValidationContext {
  starVerified: boolean;
  /**
   * This conversation's fabricated PII (null: it has none). Its SSN is the one SSN-like number
   * a draft may hold; any other, another conversation's fabricated one included, fails.
   * Takes precedence over `fabricatedSsn` when both are given.
   */
  fabricated?: FabricatedPii | null;
  /** The fabricated SSN alone, for callers that know only that. */
  fabricatedSsn?: string | null;
  neverSend?: readonly string[];
  /** Defaults to the lists shipped in config/safety/ (defaultValidatorTerms). */
  terms?: ValidatorTerms;
}
export interface ValidationResult { pass: boolean; failures: ValidationFailure[] }

// ---------------------------------------------------------------------------------------------
// Term lists

const MAX_EXPANSION = 20_000;

/** One phrase per line, '#' comments, "(a|b)" alternatives expanded ("(a|)" = optional word). */
export function parseTermList(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (line !== '') out.push(...expandAlternatives(line));
  }
  return out;
}

function expandAlternatives(line: string): string[] {
  let out = [''];
  for (const part of line.split(/(\([^()]*\))/)) {
    const options = part.startsWith('(') && part.endsWith(')') ? part.slice(1, -1).split('|') : [part];
    out = out.flatMap((prefix) => options.map((option) => `${prefix}${option}`));
    if (out.length > MAX_EXPANSION) throw new AppError('CONFIG_INVALID', `term list line expands to more than ${MAX_EXPANSION} phrases`);
  }
  return out.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s !== '' && s !== '$');
}

export function loadValidatorTerms(configDir: string): ValidatorTerms {
  const read = (name: string): string[] => {
    const file = path.join(configDir, 'safety', name);
    try {
      return parseTermList(readFileSync(file, 'utf8'));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('CONFIG_INVALID', `cannot read ${file}`, { cause: err });
    }
  };
  return { aiDisclosure: read('ai-disclosure.txt'), callPhrases: read('call-phrases.txt') };
}

let shipped: ValidatorTerms | undefined;

/** The lists in the repository's config/, read on first use (nothing is read at import). */
export function defaultValidatorTerms(): ValidatorTerms {
  shipped ??= loadValidatorTerms(findShippedConfig());
  return shipped;
}

function findShippedConfig(): string {
  // src/safety/ in a checkout, dist/src/safety/ in a build or the image: config/ sits higher up.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, 'config', 'safety', 'ai-disclosure.txt'))) return path.join(dir, 'config');
    dir = path.dirname(dir);
  }
  throw new AppError('CONFIG_INVALID', 'config/safety/ai-disclosure.txt not found above the validator module');
}

// ---------------------------------------------------------------------------------------------
// Words

/** Stands for punctuation that ends a clause; phrases never match across it. */
const BREAK = '\n';
const WORDS = /[\p{L}\p{N}]+|[.!?;:,()\n]+|\s-+\s|-{2,}/gu;
// As WORDS, with foldLeet's symbols kept inside words ("ch@tgpt") so that it can fold them.
const LEET_WORDS = /[\p{L}\p{N}@$!|+]+|[.?;:,()\n]+|\s-+\s|-{2,}/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
// "A.I.", "L.L.M.": joinSpacedLetters only joins runs of four letters or more.
const DOTTED_ACRONYM = /(?<![\p{L}\p{N}])\p{L}(?:\.\p{L}){1,3}\.?(?![\p{L}\p{N}])/gu;
// Expanded on both the draft and the phrases so that "i'm a bot" and "I am a bot" are one phrase.
const CONTRACTION = /\b(can|won|shan)'t\b|n't\b|\blet's\b|\b(here|there|it|that|what|who|where|he|she)'s\b|'(m|re|ll|ve|d)\b/g;
const CONTRACTED: Record<string, string> = { can: 'cannot', won: 'will not', shan: 'shall not', m: ' am', re: ' are', ll: ' will', ve: ' have', d: ' would' };

function prepare(normalised: string): string {
  return normalised
    .replace(DOTTED_ACRONYM, (run) => run.replace(/\./g, ''))
    .replace(CONTRACTION, (whole, neg?: string, is?: string, suffix?: string) => {
      if (neg) return CONTRACTED[neg]!;
      if (is) return `${is} is`;
      if (suffix) return CONTRACTED[suffix]!;
      return whole === "n't" ? ' not' : 'let us';
    });
}

/** Whether a WORDS/LEET_WORDS match is punctuation; char codes, because this runs per word. */
function isBreak(token: string, leet: boolean): boolean {
  const c = token.charCodeAt(0);
  if (c <= 32 || c === 45 || c === 46 || c === 44 || c === 58 || c === 59 || c === 63 || c === 40 || c === 41) return true;
  if (c === 33) return !leet;
  return c > 127 && /\s/u.test(token[0]!);
}

function pushBreak(out: string[]): void {
  if (out.length > 0 && out[out.length - 1] !== BREAK) out.push(BREAK);
}

function tokenise(prepared: string): string[] {
  const out: string[] = [];
  for (const token of prepared.match(WORDS) ?? []) {
    if (isBreak(token, false)) pushBreak(out);
    else out.push(token);
  }
  return out;
}

// Somewhere a letter meets a digit or one of foldLeet's symbols: the only text folding can change.
const LEET_HINT = /\p{L}[0-9@$!|+]|[0-9@$!|+]\p{L}/u;
const LEET_SYMBOL = /[@$!|+]/;

/** The words with leetspeak folded, or null when folding changes nothing. */
function tokeniseLeet(prepared: string): string[] | null {
  if (!LEET_HINT.test(prepared)) return null;
  const out: string[] = [];
  for (const token of prepared.match(LEET_WORDS) ?? []) {
    if (isBreak(token, true)) pushBreak(out);
    else if (!LEET_SYMBOL.test(token) && !/[0-9]/.test(token)) out.push(token);
    else for (const part of foldLeet(token).split(NOT_WORD)) if (part !== '') out.push(part);
  }
  return out;
}

/**
 * The draft as words, plain and with leetspeak folded: folding alone would lose plain matches
 * ("gpt4" folds to "gpta"). Together they equal normaliseForMatching's view, built once.
 */
function wordForms(normalised: string): string[][] {
  const prepared = prepare(joinSpacedLetters(normalised));
  const leet = tokeniseLeet(prepared);
  return leet ? [tokenise(prepared), leet] : [tokenise(prepared)];
}

// ---------------------------------------------------------------------------------------------
// Phrase matching

interface TrieNode { next: Map<string, TrieNode>; phrase?: string; anchored?: string }
interface PhraseHit { start: number; phrase: string }

/** After an anchored ("$") phrase, these make it a job or a field, not a self-description. */
const FIELD_WORDS = new Set(
  ('engineer engineers engineering researcher researchers research scientist scientists science developer developers development lead ' +
    'leader manager architect specialist practitioner consultant enthusiast expert startup company companies team teams product products ' +
    'role roles position positions job jobs platform platforms infrastructure ethics safety policy professional background field space ' +
    'industry tools tooling projects project work model models systems firm lab labs course courses certification degree').split(' '),
);

const tries = new WeakMap<readonly string[], TrieNode>();

function trieFor(phrases: readonly string[]): TrieNode {
  const cached = tries.get(phrases);
  if (cached) return cached;
  const root: TrieNode = { next: new Map() };
  for (const phrase of phrases) {
    const anchored = phrase.endsWith('$');
    const label = anchored ? phrase.slice(0, -1).trim() : phrase;
    const words = tokenise(prepare(normaliseText(label))).filter((w) => w !== BREAK);
    if (words.length === 0) continue;
    let node = root;
    for (const word of words) {
      let child = node.next.get(word);
      if (!child) node.next.set(word, (child = { next: new Map() }));
      node = child;
    }
    if (anchored) node.anchored ??= label;
    else node.phrase ??= label;
  }
  tries.set(phrases, root);
  return root;
}

function findPhrase(tokens: readonly string[], root: TrieNode, from: number): PhraseHit | null {
  for (let i = from; i < tokens.length; i++) {
    let node: TrieNode | undefined = root;
    for (let j = i; j < tokens.length; j++) {
      node = node.next.get(tokens[j]!);
      if (!node) break;
      if (node.phrase) return { start: i, phrase: node.phrase };
      if (node.anchored && !FIELD_WORDS.has(tokens[j + 1] ?? '')) return { start: i, phrase: node.anchored };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Negation: "I can't do a call this week" is a refusal, not an agreement.

const NEGATORS = new Set(['not', 'no', 'never', 'cannot', 'unable', 'unavailable', 'neither', 'nor', 'without', 'avoid', 'skip', 'decline', 'rather', 'instead', 'than']);
const CLAUSE_WORDS = new Set(['but', 'however', 'although', 'though', 'and', 'so', 'then', 'yet', 'otherwise', 'meanwhile']);
const NEGATION_WINDOW = 8;

/** Negations that do not negate: "no problem, happy to…", "can't wait to…", "why not…". */
function idiomatic(tokens: readonly string[], j: number): boolean {
  const word = tokens[j];
  const next = tokens[j + 1] ?? '';
  if (word === 'cannot' && next === 'wait') return true;
  if (word === 'not' && tokens[j - 1] === 'why') return true;
  if ((word === 'no' || word === 'not') && ['problem', 'worries', 'doubt', 'only', 'matter'].includes(next)) return true;
  return word === 'not' && next === 'a' && tokens[j + 2] === 'problem';
}

function negated(tokens: readonly string[], start: number): boolean {
  for (let j = start - 1; j >= 0 && j >= start - NEGATION_WINDOW; j--) {
    const word = tokens[j]!;
    if (word === BREAK || CLAUSE_WORDS.has(word)) return false;
    if (NEGATORS.has(word) && !idiomatic(tokens, j)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Digits

const digitValues = new Map<string, string>();

/** Any decimal digit (Arabic-Indic, Devanagari…; NFKC already folds full-width) to ASCII. */
function asciiDigits(s: string): string {
  return s.replace(/(?![0-9])\p{Nd}/gu, (c) => {
    let value = digitValues.get(c);
    if (value === undefined) {
      // Unicode lays decimal digits out in runs of ten, zero first.
      const cp = c.codePointAt(0)!;
      let zero = cp;
      while (cp - zero < 60 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      value = String((cp - zero) % 10);
      digitValues.set(c, value);
    }
    return value;
  });
}

const SSN_SEPARATED = /(?<!\d)\d{3}[ .\-/_]{1,3}\d{2}[ .\-/_]{1,3}\d{4}(?!\d)/g;
const NINE_DIGITS = /(?<!\d)\d{9}(?!\d)/g;
const PHONE_PATTERNS = [
  /(?<![\d+])(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}(?!\d)/, // North American, 10-11 digits
  /(?<!\d)\+\d(?:[ .\-()]{0,2}\d){7,14}(?!\d)/, // international with a country code
  /(?<![\d.-])\d{3}[.-]\d{4}(?![.-]?\d)/, // local 555-0199
];
// space . - ( ) / +
const RUN_SEPARATORS = new Set([32, 46, 45, 40, 41, 47, 43]);

/**
 * The digits of each number as written, allowing up to two separators between digits, so that
 * "+1 (555) 010-9999" is one run. A scan rather than a regex: a regex keeps a backtrack entry
 * per repetition and slows to a crawl on a megabyte of "1 1 1".
 */
function digitRuns(s: string): string[] {
  const runs: string[] = [];
  let start = -1;
  let end = -1;
  let gap = 0;
  const close = (): void => {
    if (start >= 0) runs.push(s.slice(start, end).replace(/\D/g, ''));
    start = -1;
    gap = 0;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (start < 0) start = i;
      end = i + 1;
      gap = 0;
    } else if (start >= 0 && RUN_SEPARATORS.has(c) && gap < 2) {
      gap++;
    } else {
      close();
    }
  }
  close();
  return runs;
}

// Area 900-999, group 01-49, serial 0001-9999: never issued as an SSN or an ITIN.
const NEVER_ISSUED_SSN = /^9\d\d(?:0[1-9]|[1-4]\d)(?!0000)\d{4}$/;

/**
 * The digits of the one SSN a draft may contain, or '' for none. A value outside the
 * never-issued range is not accepted even when a caller passes it as fabricated, so a bug
 * upstream cannot wave a real number through.
 */
function acceptedSsn(ctx: ValidationContext): string {
  const raw = ctx.fabricated !== undefined ? ctx.fabricated?.ssn : ctx.fabricatedSsn;
  const digits = asciiDigits(raw ?? '').replace(/\D/g, '');
  return NEVER_ISSUED_SSN.test(digits) ? digits : '';
}

function ssnHit(digitView: string, fabricated: string): string | null {
  for (const [pattern, kind] of [[SSN_SEPARATED, 'SSN-like number'], [NINE_DIGITS, 'nine-digit number']] as const) {
    for (const m of digitView.matchAll(pattern)) {
      if (fabricated === '' || m[0].replace(/\D/g, '') !== fabricated) return kind;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Never-send values

const ABBREVIATIONS: Record<string, string> = {
  street: 'st', avenue: 'ave', road: 'rd', boulevard: 'blvd', drive: 'dr', lane: 'ln', court: 'ct', place: 'pl',
  apartment: 'apt', suite: 'ste', highway: 'hwy', parkway: 'pkwy', terrace: 'ter', circle: 'cir', square: 'sq',
  floor: 'fl', north: 'n', south: 's', east: 'e', west: 'w', mount: 'mt', saint: 'st',
};
const ABBREVIATION = new RegExp(`(?<![\\p{L}\\p{N}])(?:${Object.keys(ABBREVIATIONS).join('|')})(?![\\p{L}\\p{N}])`, 'gu');

/** Letters and digits separated by single spaces; accents dropped, street words abbreviated. */
function wordText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}+/gu, '').replace(ABBREVIATION, (w) => ABBREVIATIONS[w]!).replace(/[^\p{L}\p{N}]+/gu, ' ');
}

type NeverSendMatcher = { kind: 'digits'; digits: string } | { kind: 'words'; pattern: RegExp } | null;

/**
 * Mostly-digit values (phones, SSNs, dates) compare digit sequences; others compare their letters
 * and digits with punctuation and spacing ignored, whole words only ("12 Main St." matches
 * "12 main street", "alex.smith@x.com" matches "alexsmith@x.com", "112 Main St" does not).
 */
function neverSendMatcher(raw: string): NeverSendMatcher {
  const value = asciiDigits(normaliseText(raw));
  const chars = wordText(value).replace(/ /g, '');
  const digits = chars.replace(/\D/g, '');
  if (digits.length >= 4 && digits.length >= chars.length * 0.6) return { kind: 'digits', digits };
  if (chars.length < 4) return null;
  // chars holds letters and digits only, so nothing needs escaping; " ?" keeps this linear.
  return { kind: 'words', pattern: new RegExp(`(?<![\\p{L}\\p{N}])${[...chars].join(' ?')}(?![\\p{L}\\p{N}])`, 'u') };
}

/** A run holding the whole value, or a long enough piece of it ("555 010 9999" of "+1 555 010 9999"). */
function digitRunMatches(run: string, value: string): boolean {
  return run.includes(value) || (run.length >= Math.min(value.length, Math.max(7, value.length - 4)) && value.includes(run));
}

function neverSendHit(matchers: readonly NeverSendMatcher[], digitView: string): string | null {
  let runs: string[] | undefined;
  let words: string | undefined;
  for (const [i, m] of matchers.entries()) {
    if (m?.kind === 'digits') {
      runs ??= digitRuns(digitView);
      if (runs.some((run) => digitRunMatches(run, m.digits))) return `never-send value #${i + 1}`;
    } else if (m?.kind === 'words') {
      words ??= wordText(digitView);
      if (m.pattern.test(words)) return `never-send value #${i + 1}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The rules

// Long drafts are checked in windows, so that each window's words die young. A window is cut
// after a sentence where one ends nearby, so no clause (and no negation) spans two windows;
// otherwise the next window overlaps it. Numbers are always read with OVERLAP characters of the
// previous window, so anything up to that long lies whole inside one window.
const WINDOW = 16_384;
const OVERLAP = 512;
const SEARCH = 2_048;

interface Window { words: string; digits: string }

function cutAfterSentence(tail: string): number {
  const at = Math.max(tail.lastIndexOf('\n'), tail.lastIndexOf('. '), tail.lastIndexOf('! '), tail.lastIndexOf('? '));
  return at < 0 ? -1 : at + 1;
}

function windows(draft: string): Window[] {
  const out: Window[] = [];
  let start = 0;
  for (;;) {
    let end = Math.min(start + WINDOW, draft.length);
    let clean = false;
    if (end < draft.length) {
      const tail = draft.slice(end - SEARCH, end); // bounded: lastIndexOf on the draft would rescan it all
      const sentence = cutAfterSentence(tail);
      const space = tail.lastIndexOf(' ');
      clean = sentence >= 0;
      if (clean) end += sentence - SEARCH;
      else if (space >= 0) end += space - SEARCH;
    }
    out.push({ words: draft.slice(start, end), digits: draft.slice(Math.max(0, start - OVERLAP), end) });
    if (end >= draft.length) return out;
    start = clean ? end : end - OVERLAP;
  }
}

function isBlank(draft: string): boolean {
  return !/[^\s\u115F\u1160\u2800\u3164\uFFA0]/u.test(stripInvisible(draft));
}

function callHit(forms: readonly string[][], digitView: string, root: TrieNode): string | null {
  for (const tokens of forms) {
    for (let hit = findPhrase(tokens, root, 0); hit; hit = findPhrase(tokens, root, hit.start + 1)) {
      if (!negated(tokens, hit.start)) return `agrees to a call or gives a number ("${hit.phrase}")`;
    }
  }
  return PHONE_PATTERNS.some((p) => p.test(digitView)) ? 'phone-number-like pattern' : null;
}

interface Checks { ai: TrieNode; call: TrieNode | null; fabricatedSsn: string; neverSend: NeverSendMatcher[] }

function checkWindow(window: Window, checks: Checks, found: Map<ValidationRule, string>): void {
  const normalised = normaliseText(window.words);
  const forms = wordForms(normalised);
  const digitView = window.digits === window.words ? asciiDigits(normalised) : asciiDigits(normaliseText(window.digits));
  if (!found.has('ai_disclosure')) {
    const hit = forms.map((tokens) => findPhrase(tokens, checks.ai, 0)).find((h) => h !== null);
    if (hit) found.set('ai_disclosure', `discloses AI ("${hit.phrase}")`);
  }
  if (!found.has('real_pii')) {
    const pii = ssnHit(digitView, checks.fabricatedSsn) ?? neverSendHit(checks.neverSend, digitView);
    if (pii) found.set('real_pii', pii);
  }
  if (checks.call && !found.has('call_before_star')) {
    const call = callHit(forms, digitView, checks.call);
    if (call) found.set('call_before_star', call);
  }
}

export function validateReply(draft: string, ctx: ValidationContext): ValidationResult {
  if (isBlank(draft)) return { pass: false, failures: [{ rule: 'empty', detail: 'the draft is empty or whitespace only' }] };
  const terms = ctx.terms ?? defaultValidatorTerms();
  const checks: Checks = {
    ai: trieFor(terms.aiDisclosure),
    call: ctx.starVerified ? null : trieFor(terms.callPhrases),
    fabricatedSsn: acceptedSsn(ctx),
    neverSend: (ctx.neverSend ?? []).map(neverSendMatcher),
  };
  const found = new Map<ValidationRule, string>();
  for (const window of windows(draft)) checkWindow(window, checks, found);
  // Text spelt in invisible characters would reach the recruiter's software unseen by the owner:
  // a channel out for anything the other rules stop. A reply has no reason to hold any.
  const hidden = smuggledText(draft);
  if (hidden !== null) found.set('hidden_text', `${hidden.length} characters spelt in invisible tag characters or variation selectors`);
  const order: ValidationRule[] = ['ai_disclosure', 'real_pii', 'call_before_star', 'hidden_text'];
  const failures = order.flatMap((rule) => (found.has(rule) ? [{ rule, detail: found.get(rule)! }] : []));
  return { pass: failures.length === 0, failures };
}
