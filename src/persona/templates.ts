import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../shared/errors.js';

export interface TemplateSet {
  /** Reply templates in order: the n-th reply in a conversation uses the n-th (the last one repeats). */
  replies: Array<{ name: string; body: string }>;
}

/** Loads config/templates/reply-<n>.txt, sorted by n. */
export function loadTemplates(configDir: string): TemplateSet {
  const dir = path.join(configDir, 'templates');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch (err) {
    throw new AppError('TEMPLATE_MISSING', `cannot read ${dir}`, { cause: err });
  }
  const replies = files
    .map((f) => ({ f, n: /^reply-(\d+)\.txt$/.exec(f)?.[1] }))
    .filter((x): x is { f: string; n: string } => x.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map(({ f }) => ({ name: f.replace(/\.txt$/, ''), body: readFileSync(path.join(dir, f), 'utf8') }));
  if (replies.length === 0) throw new AppError('TEMPLATE_MISSING', `no reply-<n>.txt templates in ${dir}`);
  return { replies };
}

/** A named template such as config/templates/crisis.txt. */
export function loadNamedTemplate(configDir: string, name: string): { name: string; body: string } {
  const file = path.join(configDir, 'templates', `${name}.txt`);
  try {
    return { name, body: readFileSync(file, 'utf8') };
  } catch (err) {
    throw new AppError('TEMPLATE_MISSING', `cannot read ${file}`, { cause: err });
  }
}

export function pickReplyTemplate(set: TemplateSet, attempt: number): { name: string; body: string } {
  const index = Math.min(Math.max(attempt, 1), set.replies.length) - 1;
  return set.replies[index]!;
}

/** The recruiter's first name as a template may use it: only when it looks like a name. */
export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}'-]{1,40}$/u.test(first) ? first : '';
}

/** "Hi Dana," when the first name looks like one, else "Hi,". */
export function greetingFor(recruiterName: string): string {
  const first = firstName(recruiterName);
  return first ? `Hi ${first},` : 'Hi,';
}

/** `{{name}}` placeholders; unknown names render empty so a typo never leaks braces to a recruiter. */
export function renderTemplate(body: string, vars: Record<string, string>): string {
  return body
    .replace(/\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g, (_, key: string) => (Object.hasOwn(vars, key) ? vars[key]! : ''))
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}
