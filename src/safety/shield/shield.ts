/**
 * SHIELD: screens inbound text for jailbreak / prompt-injection and crisis signals before any
 * model sees it. Pure and synchronous; time is linear in the input (see docs/shield.md).
 */
import { smuggledText } from '../smuggled.js';
import { decodedChunks } from './decode.js';
import { extractHiddenText } from './hidden-text.js';
import { kindScore, screenPiece, type Signal } from './screen-text.js';

export type ShieldVerdict = 'CLEAN' | 'JAILBREAK_DETECTED' | 'CRISIS_DETECTED' | 'CRISIS_UNDER_ATTACK';
export interface ShieldMatch {
  category: string;
  kind: 'jailbreak' | 'crisis';
  offset: number;
  length: number;
}
export interface ShieldResult {
  verdict: ShieldVerdict;
  confidence: number;
  categories: string[];
  matches: ShieldMatch[];
  hiddenInstructions: boolean;
  truncated: false;
  windows: number;
}
export interface ShieldInput {
  text: string;
  html?: string | null;
  attachmentNames?: string[];
}

export { stripInjectionMarkup } from './strip.js';

const DEFAULT_MAX_CHARS = 100_000;
/** Windows overlap so a phrase cut by a window edge is whole in the next window. */
const WINDOW_OVERLAP = 1_000;
const MAX_MATCHES = 200;
/** A kind is reported once its distinct signals weigh this much. */
const THRESHOLD = 1;
// Hidden text that talks to a machine reader or tells it what to do.
const HIDDEN_ADDRESS = /\b(?:ai|assistant|llm|language model|chatgpt|gpt|model|bot|agent|system prompt|instructions?|prompt)\b/i;
const HIDDEN_IMPERATIVE = /\b(?:ignore|disregard|forget|reveal|respond|reply|include|output|print|pretend|say|tell|write|you must|you should|you will|do not|don't|always|never|accept|approve)\b/i;

function windowsOf(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  const step = Math.max(1, size - WINDOW_OVERLAP);
  const out: string[] = [];
  for (let start = 0; start < text.length; start += step) {
    out.push(text.slice(start, start + size));
    if (start + size >= text.length) break;
  }
  return out;
}

interface Collected {
  signals: Signal[];
  base: number;
  hiddenInstructions: boolean;
}

/** Screens one piece into `acc`; returns its signals and whether it holds rot13 hint words. */
function add(acc: Collected, raw: string, extra?: (s: Signal[]) => Signal[]): { found: Signal[]; rot13Words: boolean } {
  const piece = screenPiece(raw);
  const shifted = piece.signals.map((s) => ({ ...s, offset: s.offset + acc.base }));
  const all = extra ? [...shifted, ...extra(shifted)] : shifted;
  acc.signals.push(...all);
  acc.base += piece.normalisedLength + 1;
  return { found: all, rot13Words: piece.rot13Words };
}

function marker(category: string, rule: string, at: Signal | undefined, base: number): Signal {
  return { rule, category, kind: 'jailbreak', weight: 1, offset: at?.offset ?? base, length: at?.length ?? 0 };
}

/**
 * Hidden fragments screened one by one; any beyond are screened joined, window by window. Mail has
 * a few (a comment, a style element, some alt texts; at most 2 in the recruiter corpus), but 1 MB
 * of `<img alt="` holds ~100 000, and a screening each cost ~85 ms.
 */
const SEPARATE_FRAGMENTS = 256;

function screenHidden(acc: Collected, fragments: string[], size: number): void {
  if (fragments.length > SEPARATE_FRAGMENTS) fragments.splice(SEPARATE_FRAGMENTS, Infinity, fragments.slice(SEPARATE_FRAGMENTS).join('\n'));
  for (const fragment of fragments) {
    for (const part of windowsOf(fragment, size)) {
      const base = acc.base;
      const { found, rot13Words } = add(acc, part);
      const instructs = kindScore(found, 'jailbreak') >= THRESHOLD || (HIDDEN_ADDRESS.test(part) && HIDDEN_IMPERATIVE.test(part));
      if (instructs) {
        acc.hiddenInstructions = true;
        acc.signals.push(marker('encoding_evasion', 'hidden-instructions', undefined, base));
      }
      for (const chunk of decodedChunks(part, rot13Words)) screenDecoded(acc, chunk);
    }
  }
}

function screenDecoded(acc: Collected, chunk: string): void {
  add(acc, chunk, (found) => {
    // Only a decoding that is an attack on its own marks evasion; a stray weak phrase in a
    // decoded MIME part is ordinary mail.
    if (kindScore(found, 'jailbreak') < THRESHOLD) return [];
    return [marker('encoding_evasion', 'encoded-jailbreak', found.find((s) => s.kind === 'jailbreak'), 0)];
  });
}

function verdictOf(jb: number, crisis: number): ShieldVerdict {
  if (crisis >= THRESHOLD) return jb >= THRESHOLD ? 'CRISIS_UNDER_ATTACK' : 'CRISIS_DETECTED';
  return jb >= THRESHOLD ? 'JAILBREAK_DETECTED' : 'CLEAN';
}

/** Confidence grows with the evidence above the threshold; a CLEAN verdict loses it with near misses. */
function confidenceOf(verdict: ShieldVerdict, jb: number, crisis: number): number {
  if (verdict === 'CLEAN') return Math.round((1 - 0.4 * Math.max(jb, crisis)) * 100) / 100;
  const score = verdict === 'JAILBREAK_DETECTED' ? jb : crisis;
  return Math.round(Math.min(0.99, 0.6 + 0.15 * score) * 100) / 100;
}

export function screen(input: ShieldInput | string, opts?: { maxChars?: number }): ShieldResult {
  const { text, html, attachmentNames } = typeof input === 'string' ? { text: input, html: null, attachmentNames: [] } : input;
  const size = Math.max(1_000, opts?.maxChars ?? DEFAULT_MAX_CHARS);
  const acc: Collected = { signals: [], base: 0, hiddenInstructions: false };
  const windows = windowsOf(text ?? '', size);
  for (const w of windows) {
    const { rot13Words } = add(acc, w);
    for (const chunk of decodedChunks(w, rot13Words)) screenDecoded(acc, chunk);
  }
  if (html) screenHidden(acc, extractHiddenText(html), size);
  const names = attachmentNames && attachmentNames.length > 0 ? attachmentNames.join('\n') : '';
  if (names) add(acc, names);
  // Text spelt in invisible code points is hidden text too, wherever the sender put it.
  const smuggled = [text ?? '', html ?? '', names].map(smuggledText).filter((t): t is string => t !== null);
  if (smuggled.length > 0) screenHidden(acc, smuggled, size);

  const jb = kindScore(acc.signals, 'jailbreak');
  const crisis = kindScore(acc.signals, 'crisis');
  const verdict = verdictOf(jb, crisis);
  const reported = new Set<string>();
  if (jb >= THRESHOLD) reported.add('jailbreak');
  if (crisis >= THRESHOLD) reported.add('crisis');
  const categories = [...new Set(acc.signals.filter((s) => reported.has(s.kind)).map((s) => s.category))];
  const matches = acc.signals.slice(0, MAX_MATCHES).map(({ category, kind, offset, length }) => ({ category, kind, offset, length }));
  return { verdict, confidence: confidenceOf(verdict, jb, crisis), categories, matches, hiddenInstructions: acc.hiddenInstructions, truncated: false, windows: windows.length };
}
