/**
 * Pre-filters that look at where words sit, for rules whose hint words and substrings are in
 * almost every email: "hi" and "note" start most mail and "ai" is inside "email", so the word and
 * substring gates let `addressed-reader` and `assistant-line` run on nine emails in ten. Every
 * match of those rules puts a machine word right before `,` `:` or `!`, or a role word at the
 * start of a line before `:`, and that is rare in mail. Each gate here checks a condition that
 * every match of its rule's regex satisfies, read off the regex, so a rule it skips could not
 * have matched. A backward walk covers only the spaces right before one mark, so a gate is
 * linear in the text.
 */

import { READER_FAMILY_GATE } from './rules.js';

// JavaScript's `\s`, which the rules use between a word and its punctuation.
function isSpace(c: number): boolean {
  return (
    c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Index of the last character before `at` that is not `\s`, or -1. */
function lastNonSpace(text: string, at: number): number {
  let j = at - 1;
  while (j >= 0 && isSpace(text.charCodeAt(j))) j--;
  return j;
}

const endsWithAt = (text: string, word: string, end: number): boolean => end + 1 >= word.length && text.startsWith(word, end + 1 - word.length);

const COLON = [':'];
const COLON_COMMA_BANG = [':', ',', '!'];

/**
 * Whether `test(text, end, words)` holds for the index `end` of the last non-space character before
 * some `,` `:` or `!` (only `:` when `colonOnly`). `indexOf` finds the marks natively; characters
 * are read one by one only next to them. (A plain function and arguments, not a closure: gates
 * run on most mail, and a closure made per call cost more than the test.)
 */
function someBeforePunctuation(text: string, colonOnly: boolean, test: (text: string, end: number, words: readonly string[]) => boolean, words: readonly string[]): boolean {
  for (const mark of colonOnly ? COLON : COLON_COMMA_BANG) {
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1)) {
      const end = lastNonSpace(text, at);
      if (end >= 0 && test(text, end, words)) return true;
    }
  }
  return false;
}

// The last words of the alternatives of the rules' AI word list (`chatgpt` ends in `gpt`,
// `chatbot` in `bot`, `language model` in `model`, `openai` in `ai`); `gpt-?\d?o?` is handled apart.
const AI_ENDINGS = ['ai', 'a.i.', 'llm', 'bot', 'assistant', 'agent', 'claude', 'gemini', 'bard', 'copilot', 'model'];

/** Whether `gpt-?\d?o?` ends at `end`: the optional parts have distinct characters, so strip them right to left. */
function gptEndsAt(text: string, end: number): boolean {
  let k = end;
  if (text.charCodeAt(k) === 111) k--;
  const d = text.charCodeAt(k);
  if (d >= 48 && d <= 57) k--;
  if (text.charCodeAt(k) === 45) k--;
  return endsWithAt(text, 'gpt', k);
}

function someEndsAt(text: string, words: readonly string[], end: number): boolean {
  for (const w of words) if (endsWithAt(text, w, end)) return true;
  return false;
}

/** AI_ENDINGS by their last character, so most words before a comma are ruled out by one read. */
const AI_ENDINGS_BY_LAST: string[][] = Array.from({ length: 128 }, () => []);
for (const w of AI_ENDINGS) AI_ENDINGS_BY_LAST[w.charCodeAt(w.length - 1)]?.push(w);
const NO_WORDS: string[] = [];

function aiWordEndsAt(text: string, end: number): boolean {
  return gptEndsAt(text, end) || someEndsAt(text, AI_ENDINGS_BY_LAST[text.charCodeAt(end)] ?? NO_WORDS, end);
}

/** `addressed-reader`: an AI word, then `\s*`, then `,` `:` or `!`. */
export function aiWordBeforePunctuation(text: string): boolean {
  return someBeforePunctuation(text, false, aiWordEndsAt, AI_ENDINGS);
}

const LINE_INDENT = new Set([32, 9, 62, 35, 42]); // [ \t>#*]
const MAX_INDENT = 6;

/** Whether `start` is at most six `[ \t>#*]` characters after the start of the text or a `\n`. */
function atLineStart(text: string, start: number): boolean {
  for (let k = start, indent = 0; ; k--, indent++) {
    if (k === 0 || text.charCodeAt(k - 1) === 10) return true;
    if (indent === MAX_INDENT || !LINE_INDENT.has(text.charCodeAt(k - 1))) return false;
  }
}

/**
 * `(?:^|\n)[ \t>#*]{0,6}(?:words)\s*:`: one of `words` at the start of a line (after at most six
 * indent characters), then `\s*`, then a colon. `^` is the start of the text, as in the rules,
 * which have no `m` flag.
 */
export function roleWordAtLineStart(text: string, words: readonly string[]): boolean {
  return someBeforePunctuation(text, true, roleWordEndsAt, words);
}

function roleWordEndsAt(text: string, end: number, words: readonly string[]): boolean {
  for (const w of words) if (endsWithAt(text, w, end) && atLineStart(text, end + 1 - w.length)) return true;
  return false;
}

const RESPONSE_WORDS = ['response', 'reply', 'output', 'answer', 'summary', 'completion'];

/** `your\s+(?:response|reply|output|answer|summary|completion)`. */
export function yourResponse(text: string): boolean {
  for (let at = text.indexOf('your'); at >= 0; at = text.indexOf('your', at + 4)) {
    let k = at + 4;
    if (!isSpace(text.charCodeAt(k))) continue;
    while (isSpace(text.charCodeAt(k))) k++;
    for (const w of RESPONSE_WORDS) if (text.startsWith(w, k)) return true;
  }
  return false;
}

const ASSISTANT_ROLES = ['assistant', 'ai', 'chatgpt', 'model', 'bot'];
const SYSTEM_ROLES = ['system', 'developer', 'sys'];
const USER_ROLES = ['user', 'human'];

/** `READER_FAMILY_GATE`, tested once per text however many of its rules ask. */
let familyText: string | undefined;
let familyResult = false;
function readerFamily(text: string): boolean {
  if (text !== familyText) {
    familyText = text;
    familyResult = READER_FAMILY_GATE.test(text);
  }
  return familyResult;
}

/**
 * Positional gates by rule id. A rule with a gate runs only when the gate holds for the text it
 * reads (the base text for markup rules); the word and substring gates of `RULE_HINTS` and
 * `RULE_REQUIRES` still apply first, since they come from the one table pass and cost nothing more.
 */
export const RULE_GATES: Record<string, (text: string) => boolean> = {
  'addressed-reader': aiWordBeforePunctuation,
  'assistant-line': (text) => roleWordAtLineStart(text, ASSISTANT_ROLES),
  'system-line': (text) => roleWordAtLineStart(text, SYSTEM_ROLES),
  'fake-transcript': (text) => roleWordAtLineStart(text, USER_ROLES),
  'response-directive': yourResponse,
  'literal-payload': yourResponse,
  'ai-reading': readerFamily,
  'if-machine': readerFamily,
  'machine-behalf': readerFamily,
  'for-machine': readerFamily,
  'machine-vocative': readerFamily,
  'possessive-assistant': readerFamily,
  'machine-authorised': readerFamily,
};
