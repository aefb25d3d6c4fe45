/**
 * Who a crisis phrase is about. "I want to kill myself" and "please don't kill yourself" share
 * words, and so do "I'm suicidal" and "I was suicidal years ago, it got better". People who
 * write to help someone in crisis talk about suicide in the second person, in the past, as a
 * hypothetical or negated; people at risk talk about themselves, now. This module reads the
 * clause around each crisis match and scales the match's weight by what it finds, so the rules
 * stay short phrase patterns and the stance is decided once, in one place.
 *
 * It reads a bounded stretch around each match (`BACK` characters before, `AHEAD` after, and at
 * most `LINE_BACK` to find a quoted line's start), so its cost grows with the number of crisis
 * matches, which clean mail does not have, not with the length of the text.
 */
import { writerView } from './scorer.js';
import type { Signal } from './screen-text.js';

/**
 * - `writer`: the writer about themself, now: full weight.
 * - `past`: the writer about a distant past ("years ago", "when I was 15", "used to"): half.
 * - `conditional`: under "if", "unless", "whether": half. "If this falls through I'll end it"
 *   is a threat, "if I ever feel suicidal I call my sister" is not; at half either counts only
 *   with company.
 * - `quoted`: after an opening double quote, on a `>` line or in a markdown link's text (a
 *   title): someone's words, maybe the writer's own: half.
 * - `unattributed`: a topic word ("suicide", "overdose") in a clause that names no one: half.
 * - `negated`, `addressed` (to the reader), `other` (someone else, or a proposition discussed),
 *   `resolved` ("it got better"), `hyperbole` ("I'd rather die than…", "…by old age"): nothing.
 */
export type CrisisStance = 'writer' | 'past' | 'conditional' | 'quoted' | 'unattributed' | 'negated' | 'addressed' | 'other' | 'resolved' | 'hyperbole';

export const STANCE_FACTOR: Record<CrisisStance, number> = {
  writer: 1,
  past: 0.5,
  conditional: 0.5,
  quoted: 0.5,
  unattributed: 0.5,
  negated: 0,
  addressed: 0,
  other: 0,
  resolved: 0,
  hyperbole: 0,
};

/**
 * How a rule's phrase relates to its writer. `statement` phrases speak from someone ("want to
 * die"). `topic` phrases name a subject ("suicide", "self-harm") and count for the writer only
 * when a person word sits right before them. `question` phrases are asked by the writer ("how
 * many pills…?", "what's the point?"), so a question mark does not turn them towards the reader.
 * `asked-topic` phrases are topics ("a lethal dose" in a pharmacology job) except in a question
 * with no one named, which the writer is asking ("what's a lethal dose of…?").
 * `farewell` phrases are said to the reader by nature ("by the time you read this", "it was never
 * your fault", "could someone make sure she gets it?"): only quoting takes them from the writer.
 * `own` phrases name their writer by their grammar, in languages whose person words this module
 * does not read ("quiero morir", "ich werde mich umbringen"; Spanish "he" is "I have"): only
 * quoting takes them from the writer too.
 */
export type PhraseVoice = 'statement' | 'topic' | 'asked-topic' | 'question' | 'farewell' | 'own';

const RULE_VOICE: Record<string, PhraseVoice> = {
  suicide: 'topic',
  'suicide-thoughts': 'topic',
  'crisis-ml': 'own',
  overdose: 'topic',
  'method-means': 'topic',
  // "a driver swerved into a tree", "the rope snapped": the writer's only with a person word near.
  'means-prep': 'topic',
  'attempt-aftermath': 'topic',
  'self-harm': 'topic',
  'death-thoughts': 'topic',
  depression: 'topic',
  method: 'question',
  'how-many-pills': 'question',
  'lethal-dose': 'question',
  'lethal-amount': 'asked-topic',
  // "What's the point of living?" is asked of no one.
  'hate-life': 'question',
  'pills-to-die': 'question',
  'farewell-soft': 'farewell',
  'farewell-veiled': 'farewell',
  'farewell-settled': 'farewell',
  'last-words': 'farewell',
  'plan-prep': 'farewell',
  'plan-date': 'farewell',
};

/** How far the clause is read on each side of a match. */
const BACK = 160;
const AHEAD = 100;
/** How far back the start of a `>` quoted line is looked for. */
const LINE_BACK = 400;
/** Negation counts only this many words before the phrase ("I would never actually kill myself"). */
const NEGATION_REACH = 4;
/** A topic word is the writer's only with a person word this close before it. */
const TOPIC_REACH = 5;
/**
 * Writer focus (see `writerView`) of a text about its writer: "I" about twice as often as
 * "you". There an unattributed topic word is taken to be the writer's.
 */
const SELF_FOCUSED = 2 / 3;

// Person words. "kms" is "kill myself". "we" and named relations count as someone else: "we
// all feel like that sometimes", "my sister committed suicide".
const FIRST = new Set(['i', "i'm", 'im', "i've", 'ive', "i'd", "i'll", 'me', 'my', 'myself', 'mine', 'kms']);
const SECOND = new Set(['you', "you're", 'youre', "you've", 'youve', "you'd", 'youd', "you'll", 'youll', 'your', 'yours', 'yourself', 'u', 'ur', 'op']);
const OTHER = new Set([
  'he', "he's", 'hes', 'she', "she's", 'shes', 'they', "they're", 'theyre', 'his', 'him', 'himself', 'her', 'herself', 'them', 'themselves', 'their',
  'we', "we're", 'our', 'people', 'someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'person', 'friend', 'friends', 'kid', 'kids',
  'teen', 'teens', 'teenagers', 'mom', 'mother', 'dad', 'father', 'brother', 'sister', 'son', 'daughter', 'wife', 'husband', 'boyfriend', 'girlfriend',
  'bf', 'gf', 'cousin', 'uncle', 'aunt', 'grandpa', 'grandma', 'classmate', 'coworker', 'colleague', 'client', 'candidate',
]);
const OTHER_SUBJECTS = new Set(['he', "he's", 'hes', 'she', "she's", 'shes', 'they', "they're", 'theyre', 'we', "we're"]);
const NEGATORS = new Set([
  'never', 'not', 'longer', "don't", 'dont', "didn't", 'didnt', "doesn't", 'doesnt', "won't", 'wont', "wouldn't", 'wouldnt', "shouldn't", 'shouldnt',
  "haven't", 'havent', "hasn't", 'hasnt', "hadn't", 'hadnt', "isn't", 'isnt', "aren't", 'arent', "wasn't", 'wasnt', "weren't", 'werent',
]);
// Words that end the stretch in which a subject is looked for: "I love you and don't want to
// live" is about the writer, not about "you".
const CLAUSE_JOINERS = new Set(['and', 'but', 'so', 'because', 'cause', 'or', 'then', 'although', 'though', 'while']);
// "Whenever" is habitual ("whenever he shouts I hit my head"), not hypothetical.
const CONDITIONALS = new Set(['if', 'unless', 'whether', 'suppose', 'imagine']);
/**
 * "If I'm honest", "if I'm being real", "if you ask me": an "if" that frames what follows as
 * candid, not as a condition ("If I'm honest I wouldn't mind if a bus took me out").
 */
const CANDOUR = /\bif (?:i'?m|im|i am|i can be|i may be|i could be)\s+(?:being\s+)?(?:totally\s+|completely\s+|really\s+|brutally\s+|fully\s+|100%\s+)?(?:honest|truthful|real|frank|open)\b|\bif you (?:ask|want to know|must know) (?:me|the truth)?/g;

/**
 * A distant past, before or after the phrase. Recent events ("last week", "yesterday") are left
 * out on purpose: a recent attempt is the crisis.
 */
const DISTANT_PAST = /\b(?:years? ago|a long time ago|when i was (?:younger|young|little|a kid|a child|a teen|a teenager|in (?:high|middle|grade) school|in college|\d+)|as a (?:kid|child|teen|teenager)|back (?:when|then|in)|used to|in the past|at one point|at that time|at the time|long ago)\b/;
/**
 * "In 2019", "back in 2015": a year two or more years before this one, named as when it happened.
 * ("Since 2019" is not a past: it runs until now.)
 */
const YEAR_NAMED = /\b(?:in|during|back in|around)\s+((?:19|20)\d\d)\b/g;
/** Last year and this one are recent: an attempt "in 2025" may be last month. */
const RECENT_FROM_YEAR = new Date().getUTCFullYear() - 1;
function distantYearIn(around: string): boolean {
  YEAR_NAMED.lastIndex = 0;
  for (let m = YEAR_NAMED.exec(around); m; m = YEAR_NAMED.exec(around)) if (Number(m[1]) < RECENT_FROM_YEAR) return true;
  return false;
}

/**
 * What introduces someone else's words given as an example: "a user types something like",
 * "phrases such as", "e.g.", maybe after earlier quoted examples ("…" or "…"). A crisis phrase
 * quoted after it is the example's, not the writer's. Unlike the jailbreak side's
 * `EXAMPLE_BEFORE` (screen-text.ts), a parenthesis is no lead here: writers put their own words
 * in brackets ("I told her everything (\"I can't go on\")").
 */
const EXAMPLE_LEAD = /(?:\b(?:(?:a|the|any|some|our|your)\s+)?(?:user|users|customer|customers|caller|callers|client|clients|patient|patients|student|students|member|members|visitor|visitors|person|people|someone|somebody|kid|kids|teen|teens|player|players)\s+(?:types?|typed|typing|says?|said|saying|writes?|wrote|writing|sends?|sent|sending|messages?|texts?|posts?|posted|enters?|entered)(?:\s+(?:something|anything|things|stuff))?(?:\s+(?:like|such as))?|\b(?:phrases?|messages?|sentences?|inputs?|examples?|prompts?|queries|posts|statements?|lines)\s+(?:like|such as)|\be\.g\.,?|\bfor (?:example|instance),?|\bsuch as)\s*(?:"[^"\n]{1,80}"\s*(?:,|\bor\b|\band\b)\s*)*$/;
const EXAMPLE_LEAD_REACH = 240;
/** The stance of a quoted phrase whose clause starts at `clauseStart`: an example's, or quoted by the writer. */
function quotedStance(text: string, clauseStart: number): 'other' | 'quoted' {
  const exampleLed = text.charCodeAt(clauseStart - 1) === DOUBLE_QUOTE && EXAMPLE_LEAD.test(text.slice(Math.max(0, clauseStart - 1 - EXAMPLE_LEAD_REACH), clauseStart - 1));
  return exampleLed ? 'other' : 'quoted';
}

/** The writer says it is over. */
const RESOLVED = /\b(?:got better|gotten better|get better|getting better|(?:i'?m|i am) glad(?! (?:i'?m|i am|to be) dead)|glad i(?!'?m dead| am dead)|no longer (?:[a-z']+ ){0,2}(?:suicidal|that way|like that|those thoughts|think(?:ing)? (?:about|of) (?:it|suicide|dying|death)|want(?:ing)? to (?:die|kill myself|end (?:it|my life))|self[- ]?harm|cut(?:ting)?|depressed|feel(?:ing)? (?:that|like that))|survived|recovered|in recovery|made it through|pulled through|(?:i'?m|i am) (?:doing )?(?:much |so much |a lot )?better now|now i'?m (?:fine|okay|ok|happy|good|better)|i'?m still here)\b/;
/**
 * "It will never get better", "no chance that things will get better": a better future denied is
 * hopelessness, not recovery. Read in the few words before a RESOLVED match.
 */
const DENIED = /\b(?:never|not|won'?t|wont|doesn'?t|doesnt|don'?t|dont|isn'?t|isnt|no chance|no hope|no way|nothing)\b[a-z' ]{0,30}$/;
/** How far before a RESOLVED match a denial is looked for. */
const DENIAL_REACH = 40;

function resolvedIn(around: string): boolean {
  const re = RESOLVED_ALL;
  re.lastIndex = 0;
  for (let m = re.exec(around); m; m = re.exec(around)) {
    if (!DENIED.test(around.slice(Math.max(0, m.index - DENIAL_REACH), m.index))) return true;
  }
  return false;
}

const RESOLVED_ALL = new RegExp(RESOLVED.source, 'g');

/** "the idea that no one would care": a proposition discussed, not asserted. */
const PROPOSITION = /\b(?:statement|idea|notion|belief|claim|argument|thought|saying|myth|lie)s? that\s+$/;

/** Laughter right after the phrase: "died to the same boss 37 times i want to die lmaooo". */
const LAUGHTER = /^[\s,.!]{0,4}(?:lo+l|lmf?ao+|rofl|ha(?:ha)+|he(?:he)+|jk|xd|😂|🤣|💀|😭)/u;
const LAUGHTER_REACH = 12;
/** ...unless the writer says they mean it: "better off without me lol im serious tho". */
const MEANT = /\b(?:i'?m|im|i am)\s+(?:(?:being|so|dead)\s+)?serious\b|\bnot (?:even )?(?:joking|kidding)\b|\bfor real\b|\bdeadass\b/;
const MEANT_REACH = 40;
/**
 * A death by old age is a long life: "I'm contemplating suicide by old age", "the easiest way to
 * die? Of old age." Dying of shame, boredom or laughter is an idiom: "I want to die of shame lol".
 * Read in the few words after the phrase, across one sentence end.
 */
const FIGURATIVE_DEATH = /^\W*(?:[a-z']+\W+){0,3}?(?:of|by|from)\s+(?:old age|natural causes|(?:the\s+)?(?:shame|embarrassment|boredom|laughter|laughing|cringe|cuteness|jealousy|envy|excitement|suspense|curiosity|happiness|joy)\b)/;
const FIGURATIVE_DEATH_REACH = 40;
/**
 * A wish to die set off each time by a piece of work kit or office routine is a complaint about
 * it: "I want to die every time the CI goes red", "whenever I open Jira". A person, a memory or
 * waking up is not in the list: "every time I wake up" stays the writer's.
 */
const TRIVIAL_TRIGGER = /^,?\s+(?:every ?time|each time|whenever)\s+(?:(?:i|we)\s+(?:see|open|look at|read|run|check|get|hear|touch|push|merge|deploy)\s+)?(?:(?:the|my|our|a|this|that|another|any)\s+)?(?:ci|build|builds|pipeline|tests?|test suite|deploy|deploys|deployment|jira|ticket|tickets|standup|stand-up|meeting|meetings|compiler|linter|release|merge|merges|rebase|pr|prs|pull request|code review|codebase|code|legacy code|spreadsheet|excel|printer|wifi|wi-fi|vpn|zoom|slack|teams|inbox|commute|alarm|monday|mondays|on-call|pager|pagerduty|webpack|kubernetes|yaml|regex|css)\b/;

// Character codes read by the clause scans.
const NEWLINE = 10;
const SPACE = 32;
const BANG = 33;
const DOUBLE_QUOTE = 34;
const QUOTE = 39;
const COMMA = 44;
const DOT = 46;
const SEMICOLON = 59;
const GREATER = 62;
const QUESTION = 63;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_PAREN = 40;

/** `. ! ? ;`, newline and double quote end a clause; so do the quotes around list-encoded posts (`['…', '…']`). */
function isBoundary(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === DOT || c === BANG || c === QUESTION || c === SEMICOLON || c === NEWLINE || c === DOUBLE_QUOTE) return true;
  if (c !== QUOTE) return false;
  const prev = text.charCodeAt(i - 1);
  return text.charCodeAt(i + 1) === COMMA || prev === SPACE || prev === OPEN_BRACKET;
}

function clauseStart(text: string, offset: number): number {
  const stop = Math.max(0, offset - BACK);
  for (let i = offset - 1; i >= stop; i--) if (isBoundary(text, i)) return i + 1;
  return stop;
}

function clauseEnd(text: string, end: number): number {
  const stop = Math.min(text.length, end + AHEAD);
  for (let i = end; i < stop; i++) if (isBoundary(text, i)) return i;
  return stop;
}

/** A line (or list-encoded post) that starts with `>` quotes an earlier message. */
function onQuotedLine(text: string, offset: number): boolean {
  const stop = Math.max(0, offset - LINE_BACK);
  let i = offset - 1;
  for (; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE || (c === QUOTE && text.charCodeAt(i - 1) === SPACE && text.charCodeAt(i - 2) === COMMA)) break;
  }
  if (i < stop && stop > 0) return false;
  let j = i + 1;
  while (text.charCodeAt(j) === SPACE) j++;
  return text.charCodeAt(j) === GREATER;
}

/** How far a markdown link's `[` and `](` are looked for around a phrase. */
const LINK_REACH = 120;

/**
 * The phrase sits in a markdown link's text, `[…](`: the title of a song, a video or an article,
 * someone else's words ("[I Just Want To Disappear - a band](https://…)").
 */
function inLinkText(text: string, offset: number, end: number): boolean {
  // Back to the `[` (no `]` or newline between), then on to `](` (no `[`, `]` or newline between),
  // each at most LINK_REACH characters.
  let i = offset - 1;
  const back = Math.max(0, offset - LINK_REACH);
  for (; i >= back; i--) {
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACKET) break;
    if (c === CLOSE_BRACKET || c === NEWLINE) return false;
  }
  if (i < back) return false;
  const ahead = Math.min(text.length - 1, end + LINK_REACH);
  for (let j = end; j < ahead; j++) {
    const c = text.charCodeAt(j);
    if (c === CLOSE_BRACKET) return text.charCodeAt(j + 1) === OPEN_PAREN;
    if (c === OPEN_BRACKET || c === NEWLINE) return false;
  }
  return false;
}

/** Someone else's words: after an opening quote, on a `>` line, or in a markdown link's text. */
function isQuoted(text: string, clauseStart: number, offset: number, end: number): boolean {
  return afterOpeningQuote(text, clauseStart) || onQuotedLine(text, offset) || inLinkText(text, offset, end);
}

/** An opening double quote: `"` right before the clause's first letter. */
function afterOpeningQuote(text: string, start: number): boolean {
  const c = text.charCodeAt(start);
  return text.charCodeAt(start - 1) === DOUBLE_QUOTE && c >= 97 && c <= 122;
}

const WORD = /[a-z']+/g;
function words(s: string): string[] {
  return s.match(WORD) ?? [];
}

type Person = 'first' | 'second' | 'other' | 'none';

function personWord(w: string): Person | undefined {
  if (FIRST.has(w)) return 'first';
  if (SECOND.has(w)) return 'second';
  if (OTHER.has(w)) return 'other';
  return undefined;
}

/**
 * Who the phrase is about. Within the phrase's own clause the person word nearest before its end
 * wins: "I know you want to die" is about "you", "you make me want to kill myself" about the
 * writer. A clause with no person word shares the subject of the clause before it, which is that
 * clause's first person word: "I love you and don't want to live" is about the writer. A topic
 * word is looked at only within TOPIC_REACH words of its own clause: "I think it takes courage
 * to talk about suicide" is not about the writer's suicide.
 */
function personOf(before: string[], phrase: string[], topic: boolean): Person {
  for (let i = phrase.length - 1; i >= 0; i--) {
    const w = phrase[i] as string;
    // Inside the phrase other people are objects ("goodbye everyone", "a drain on everybody")
    // unless they are subjects that a rule's gap let in ("I think they want to die").
    const p = OTHER.has(w) && !OTHER_SUBJECTS.has(w) ? undefined : personWord(w);
    if (p) return p;
  }
  const reach = topic ? Math.max(0, before.length - TOPIC_REACH) : 0;
  let end = before.length;
  for (let i = before.length - 1; i >= reach; i--) {
    const w = before[i] as string;
    if (CLAUSE_JOINERS.has(w)) {
      end = i;
      break;
    }
    const p = personWord(w);
    if (p) return p;
  }
  if (topic || end === before.length) return 'none';
  let segmentEnd = end;
  for (let i = end - 1; i >= -1; i--) {
    if (i >= 0 && !CLAUSE_JOINERS.has(before[i] as string)) continue;
    for (let j = i + 1; j < segmentEnd; j++) {
      const p = personWord(before[j] as string);
      if (p) return p;
    }
    segmentEnd = i;
  }
  return 'none';
}

/**
 * The first of the words before a phrase that a negation may come from: at most NEGATION_REACH
 * words back, and not past a comma or a clause joiner, which end the negation's scope. "You
 * probably don't care, but I'm going to end it" and "I don't think you understand, I really want
 * to die" negate nothing of the phrase. A comma right after a negator keeps it ("never, ever").
 */
function negationFrom(scope: string, before: string[]): number {
  let from = Math.max(0, before.length - NEGATION_REACH);
  const comma = scope.lastIndexOf(',');
  if (comma >= 0) {
    const beforeComma = words(scope.slice(0, comma));
    if (!NEGATORS.has(beforeComma[beforeComma.length - 1] as string)) from = Math.max(from, beforeComma.length);
  }
  for (let i = before.length - 1; i >= from; i--) if (CLAUSE_JOINERS.has(before[i] as string)) return i + 1;
  return from;
}

/**
 * A clause that opens on the phrase's own participle, after at most a few adverbs and "been",
 * "keep" or "can't stop", leaves out its subject, the writer: "Thinking about suicide every day
 * now", "honestly been thinking about suicide since the layoff". Not when the participle is the
 * subject of a verb later in the clause ("Thinking about it all the time does sound exhausting"),
 * nor where the clause's start lies beyond the reach read.
 */
const ELIDED_LEAD = /^(?:(?:honestly|tbh|ngl|just|really|still|lately|recently|literally|seriously|truly|constantly|always|often|sometimes|also|so|and|but|now|again|even|ok|okay|anyway|yeah)\s+)*(?:(?:been|keep|kept|can'?t stop|cannot stop)\s+)?$/;
const PARTICIPLE = /^(?!(?:no|some|any|every)thing\b)[a-z]{2,}ing\b/;
const FINITE_AFTER = /\b(?:is|was|are|were|can|could|will|would|may|might|should|must|helps?|makes?|seems?|sounds?|feels?|has|had|does|did|do|isn'?t|wasn'?t|doesn'?t|won'?t)\b/;

function subjectElided(text: string, start: number, offset: number, end: number, stop: number): boolean {
  if (start > 0 && !isBoundary(text, start - 1)) return false;
  let lead = text.slice(start, offset);
  const comma = lead.lastIndexOf(',');
  if (comma >= 0) lead = lead.slice(comma + 1);
  return ELIDED_LEAD.test(lead.trim() === '' ? '' : `${lead.trim()} `) && PARTICIPLE.test(text.slice(offset, end)) && !FINITE_AFTER.test(text.slice(end, stop));
}

/** The stance of one crisis match at [offset, offset + length) of `text` (normalised, lower case). */
export function crisisStance(text: string, offset: number, length: number, voice: PhraseVoice = 'statement'): CrisisStance {
  const end = offset + length;
  const start = clauseStart(text, offset);
  const stop = clauseEnd(text, end);
  if (voice === 'farewell' || voice === 'own') return isQuoted(text, start, offset, end) ? quotedStance(text, start) : 'writer';
  const before = words(text.slice(start, offset));
  const topic = voice === 'topic' || voice === 'asked-topic';
  const person = personOf(before, words(text.slice(offset, end)), topic);
  if (person === 'second') return 'addressed';
  if (person === 'other') return 'other';
  for (let i = negationFrom(text.slice(start, offset), before); i < before.length; i++) {
    if (!NEGATORS.has(before[i] as string)) continue;
    // "Don't end it tonight", with no one named, is said to the reader.
    return person === 'none' && i === 0 ? 'addressed' : 'negated';
  }
  // "Don't want to live anymore? Then…" asks the reader; "how many pills…?" is the writer asking.
  if (person === 'none' && voice === 'asked-topic' && text.charCodeAt(stop) === QUESTION) return 'writer';
  if (person === 'none' && voice !== 'question' && text.charCodeAt(stop) === QUESTION) return 'addressed';
  if (person === 'none' && topic && !subjectElided(text, start, offset, end, stop)) return 'unattributed';
  if (before.includes('rather') && /\bthan\b/.test(text.slice(end, stop))) return 'hyperbole';
  if (FIGURATIVE_DEATH.test(text.slice(end, end + FIGURATIVE_DEATH_REACH))) return 'hyperbole';
  if (TRIVIAL_TRIGGER.test(text.slice(end, stop))) return 'hyperbole';
  if (LAUGHTER.test(text.slice(end, end + LAUGHTER_REACH)) && !MEANT.test(text.slice(end, end + MEANT_REACH))) return 'hyperbole';
  if (PROPOSITION.test(text.slice(Math.max(start, offset - 40), offset))) return 'other';
  // The phrase itself is the rule's business ("I no longer want to live"); its clause says when.
  const around = `${text.slice(start, offset)} … ${text.slice(end, stop)}`;
  if (resolvedIn(around)) return 'resolved';
  if (DISTANT_PAST.test(around) || distantYearIn(around)) return 'past';
  if (before.some((w) => CONDITIONALS.has(w)) && words(text.slice(start, offset).replace(CANDOUR, ' ')).some((w) => CONDITIONALS.has(w))) return 'conditional';
  if (isQuoted(text, start, offset, end)) return quotedStance(text, start);
  return 'writer';
}

/**
 * Topic phrases that count only where their subject is found, a person word before them or a
 * clause that leaves the writer out (`subjectElided`); unattributed, they add nothing, so that
 * a reply that says "thinking about suicide all the time does sound exhausting" to someone weighs
 * what the weaker rule under it (`death-thoughts`) always did.
 */
const SUBJECT_NEEDED = new Set(['suicide-thoughts']);

/**
 * Rescales every crisis rule match in `signals` (all from one piece of `text`) by its stance and
 * drops those that end at 0. Leetspeak and scorer signals carry no phrase and are left alone.
 * An unattributed topic word in a text that is mostly about its writer counts as the writer's.
 */
export function attributeCrisis(text: string, signals: Signal[]): void {
  let kept = 0;
  let focus: number | undefined;
  for (const s of signals) {
    if (s.kind === 'crisis' && s.length > 0 && s.rule !== 'leet-crisis') {
      let stance = crisisStance(text, s.offset, s.length, RULE_VOICE[s.rule]);
      if (stance === 'unattributed' && SUBJECT_NEEDED.has(s.rule)) continue;
      if (stance === 'unattributed') {
        focus ??= writerView(text).focus;
        if (focus >= SELF_FOCUSED) stance = 'writer';
      }
      s.weight *= STANCE_FACTOR[stance];
      if (s.weight === 0) continue;
    }
    signals[kept++] = s;
  }
  signals.length = kept;
  weighOverlapsOnce(signals);
}

/**
 * One phrase is one piece of evidence: where matches of different crisis rules overlap ("I tried
 * to kill myself" is both a wish and an attempt), only the heaviest of them weighs. The others stay,
 * at weight 0, so the categories they name are still reported. With `sharedAtLeast`, two matches
 * are one phrase only when they share at least that part of the shorter one.
 */
export function weighOverlapsOnce(signals: Signal[], kind: Signal['kind'] = 'crisis', sharedAtLeast = 0): void {
  const phrases = signals.filter((s) => s.kind === kind && s.length > 0);
  for (let i = 0; i < phrases.length; i++) {
    const a = phrases[i] as Signal;
    for (let j = i + 1; j < phrases.length; j++) {
      const b = phrases[j] as Signal;
      const shared = Math.min(a.offset + a.length, b.offset + b.length) - Math.max(a.offset, b.offset);
      if (a.rule === b.rule || shared <= 0 || shared < sharedAtLeast * Math.min(a.length, b.length)) continue;
      if (a.weight >= b.weight) b.weight = 0;
      else a.weight = 0;
    }
  }
}
