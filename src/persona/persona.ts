/**
 * The owner-editable persona: every file under config/ that shapes what a reply says (see
 * docs/persona.md). Loaded and checked once at start-up, so that a typo in a section name, a
 * misspelt placeholder or a short excuse list stops Hermes with the file named, instead of
 * silently producing replies without that part.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConversationState } from '../db/schema.js';
import { AppError } from '../shared/errors.js';
import { loadTemplates, type TemplateSet } from './templates.js';

/** The states that can get a reply: all but the terminal STARRED, GHOSTED and ESCALATED. */
export const ACTIVE_STATES = [
  'INITIAL',
  'ENGAGING',
  'QUALIFYING',
  'RESUME_REQUESTED',
  'RESUME_SENT',
  'PII_FISHING',
  'PII_PROVIDED',
  'PHONE_REQUESTED',
  'STAR_REQUESTED',
  'AWAITING_STAR',
] as const satisfies readonly ConversationState[];
export type ActiveState = (typeof ACTIVE_STATES)[number];

/** The star push escalates with our reply count; `gate` whenever a call was asked for. */
export const STAR_PUSH_LEVELS = ['casual', 'direct', 'firm', 'gate'] as const;
export type StarPushLevel = (typeof STAR_PUSH_LEVELS)[number];

/** Placeholders every prompt file may use; their values come from config, never from mail. */
const BASE_VARS = ['ownerName', 'ownerFirstName', 'repoUrl'] as const;
const FABRICATED_VARS = ['ssn', 'ssnLast4', 'dob', 'address', 'cityState', 'driversLicense'] as const;

/** Per-reply notes in config/states.md, with the placeholders each may use beyond BASE_VARS. */
const ACTION_NOTE_VARS = {
  send_resume: ['resumeUrl'],
  resume_attached: [],
  send_pii: FABRICATED_VARS,
  pii_stall: [],
  phone_deflect: ['phoneExcuse'],
  paperwork_offer: [],
  check_star: [],
} as const satisfies Record<string, readonly string[]>;
export type ActionNote = keyof typeof ACTION_NOTE_VARS;

/** config/templates/<name>.txt for AI-off replies, with the placeholders each must contain. */
const TEMPLATE_REQUIRED_VARS = {
  'phone-deflect': ['phoneExcuse'],
  'paperwork-offer': [],
  'pii-stall': [],
  'pii-provide': ['ssn'],
  resume: ['resumeUrl'],
  'resume-attached': [],
  'star-reminder': ['repoUrl'],
  'username-ask': [],
  'star-push-casual': ['repoUrl'],
  'star-push-direct': ['repoUrl'],
  'star-push-firm': ['repoUrl'],
  'star-push-gate': ['repoUrl'],
} as const satisfies Record<string, readonly string[]>;
export type StateTemplateName = keyof typeof TEMPLATE_REQUIRED_VARS;

const TEMPLATE_VARS = [
  ...BASE_VARS,
  'greeting',
  'recruiterName',
  'subject',
  'starPush',
  'phoneExcuse',
  'resumeUrl',
  ...FABRICATED_VARS,
] as const;

/** Fewer would repeat within a long conversation sooner than the owner's paperwork offer kicks in. */
export const MIN_PHONE_EXCUSES = 17;

export interface Persona {
  /** config/persona.md: layer 1, identical for every conversation. */
  core: string;
  /** config/states.md, one section per state that can get a reply: layer 2. */
  states: Readonly<Record<ActiveState, string>>;
  /** config/states.md, the lower-case sections: per-reply notes in layer 4. */
  actionNotes: Readonly<Record<ActionNote, string>>;
  /** config/star-push.md. */
  starPush: Readonly<Record<StarPushLevel, string>>;
  /** config/star-objections.md. */
  starObjections: string;
  /** config/phone-excuses.txt, in file order; a conversation records the indices it used. */
  phoneExcuses: readonly string[];
  /** config/prompts/hardening.md: appended when SHIELD flagged an injection attempt. */
  hardening: string;
  /** config/templates/<name>.txt used when no model writes the reply. */
  templates: Readonly<Record<StateTemplateName, string>>;
  /** config/templates/reply-<n>.txt: plain replies by reply number. */
  replies: TemplateSet['replies'];
}

export function loadPersona(configDir: string): Persona {
  const file = (...parts: string[]) => path.join(configDir, ...parts);

  const corePath = file('persona.md');
  const core = markdown(corePath);
  requireText(corePath, core);
  checkPlaceholders(corePath, core, BASE_VARS);

  const statesPath = file('states.md');
  const sections = parseSections(statesPath, markdown(statesPath));
  const states = pickSections(statesPath, sections, ACTIVE_STATES, () => BASE_VARS);
  const noteNames = Object.keys(ACTION_NOTE_VARS) as ActionNote[];
  const actionNotes = pickSections(statesPath, sections, noteNames, (name) => [...BASE_VARS, ...ACTION_NOTE_VARS[name]]);
  rejectUnknownSections(statesPath, sections, [...ACTIVE_STATES, ...noteNames]);

  const starPushPath = file('star-push.md');
  const pushSections = parseSections(starPushPath, markdown(starPushPath));
  const starPush = pickSections(starPushPath, pushSections, STAR_PUSH_LEVELS, () => BASE_VARS);
  rejectUnknownSections(starPushPath, pushSections, STAR_PUSH_LEVELS);
  for (const level of STAR_PUSH_LEVELS) requirePlaceholder(starPushPath, `section "${level}"`, starPush[level], 'repoUrl');

  const objectionsPath = file('star-objections.md');
  const starObjections = markdown(objectionsPath);
  requireText(objectionsPath, starObjections);
  checkPlaceholders(objectionsPath, starObjections, BASE_VARS);

  const hardeningPath = file('prompts', 'hardening.md');
  const hardening = markdown(hardeningPath);
  requireText(hardeningPath, hardening);
  checkPlaceholders(hardeningPath, hardening, BASE_VARS);

  return {
    core,
    states,
    actionNotes,
    starPush,
    starObjections,
    phoneExcuses: parseExcuses(file('phone-excuses.txt'), read(file('phone-excuses.txt'))),
    hardening,
    templates: loadStateTemplates(file('templates')),
    replies: loadTemplates(configDir).replies,
  };
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new AppError('CONFIG_INVALID', `cannot read ${file}`, { cause: err });
  }
}

/** HTML comments hold notes for the owner; they never reach the model. */
function markdown(file: string): string {
  return read(file).replace(/<!--[\s\S]*?-->/g, '').trim();
}

function requireText(file: string, text: string): void {
  if (text === '') throw new AppError('CONFIG_INVALID', `${file} is empty`);
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g;

/** renderTemplate blanks unknown names, so a misspelt one would silently vanish: refuse it here. */
function checkPlaceholders(file: string, text: string, allowed: readonly string[], where = ''): void {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!allowed.includes(name!)) {
      throw new AppError('CONFIG_INVALID', `${file}${where}: unknown placeholder {{${name}}} (allowed: ${allowed.join(', ')})`);
    }
  }
}

function requirePlaceholder(file: string, where: string, text: string, name: string): void {
  if (![...text.matchAll(PLACEHOLDER)].some((m) => m[1] === name)) {
    throw new AppError('CONFIG_INVALID', `${file}: ${where} must contain {{${name}}}`);
  }
}

/** `## NAME` starts a section; text before the first one is a preamble for the owner, ignored. */
function parseSections(file: string, text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let current: { name: string; lines: string[] } | null = null;
  const close = () => {
    if (current) sections.set(current.name, current.lines.join('\n').trim());
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = /^##\s+(\S.*?)\s*$/.exec(line);
    if (heading) {
      close();
      const name = heading[1]!;
      if (sections.has(name)) throw new AppError('CONFIG_INVALID', `${file}: section "${name}" appears twice`);
      current = { name, lines: [] };
    } else {
      current?.lines.push(line);
    }
  }
  close();
  return sections;
}

function pickSections<K extends string>(
  file: string,
  sections: Map<string, string>,
  names: readonly K[],
  allowedVars: (name: K) => readonly string[],
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const text = sections.get(name);
    if (text === undefined) throw new AppError('CONFIG_INVALID', `${file}: section "## ${name}" is missing`);
    if (text === '') throw new AppError('CONFIG_INVALID', `${file}: section "## ${name}" is empty`);
    checkPlaceholders(file, text, allowedVars(name), ` (section "${name}")`);
    out[name] = text;
  }
  return out;
}

function rejectUnknownSections(file: string, sections: Map<string, string>, known: readonly string[]): void {
  for (const name of sections.keys()) {
    if (!known.includes(name)) throw new AppError('CONFIG_INVALID', `${file}: unknown section "## ${name}" (expected: ${known.join(', ')})`);
  }
}

function parseExcuses(file: string, text: string): string[] {
  const excuses: string[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.includes('{{')) throw new AppError('CONFIG_INVALID', `${file}:${i + 1}: excuses take no placeholders`);
    const key = line.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) throw new AppError('CONFIG_INVALID', `${file}:${i + 1}: duplicate excuse`);
    seen.add(key);
    excuses.push(line);
  }
  if (excuses.length < MIN_PHONE_EXCUSES) {
    throw new AppError('CONFIG_INVALID', `${file}: ${excuses.length} excuses, at least ${MIN_PHONE_EXCUSES} are needed`);
  }
  return excuses;
}

function loadStateTemplates(dir: string): Record<StateTemplateName, string> {
  const out = {} as Record<StateTemplateName, string>;
  for (const [name, required] of Object.entries(TEMPLATE_REQUIRED_VARS) as Array<[StateTemplateName, readonly string[]]>) {
    const file = path.join(dir, `${name}.txt`);
    let body: string;
    try {
      body = readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new AppError('TEMPLATE_MISSING', `cannot read ${file}`, { cause: err });
    }
    if (body === '') throw new AppError('TEMPLATE_MISSING', `${file} is empty`);
    checkPlaceholders(file, body, TEMPLATE_VARS);
    for (const v of required) requirePlaceholder(file, 'the template', body, v);
    out[name] = body;
  }
  return out;
}
