import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadTemplates, pickReplyTemplate, renderTemplate, type TemplateSet } from '../../../src/persona/templates.js';
import { AppError } from '../../../src/shared/errors.js';
import { tempDir } from '../../support/temp-dir.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('hermes-templates-test-');
});

function writeTemplates(files: Record<string, string>): string {
  mkdirSync(path.join(dir, 'templates'), { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, 'templates', name), body);
  return dir;
}

function expectAppError(fn: () => unknown, code: string) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(code);
    return;
  }
  throw new Error('expected an AppError');
}

describe('loadTemplates', () => {
  it('loads reply-<n>.txt sorted numerically, ignoring other files', () => {
    const set = loadTemplates(
      writeTemplates({ 'reply-10.txt': 'ten', 'reply-2.txt': 'two', 'reply-1.txt': 'one', 'notes.md': 'x', 'reply-x.txt': 'x', 'reply-3.txt.bak': 'x' }),
    );
    expect(set.replies).toEqual([
      { name: 'reply-1', body: 'one' },
      { name: 'reply-2', body: 'two' },
      { name: 'reply-10', body: 'ten' },
    ]);
  });

  it('a missing templates directory is TEMPLATE_MISSING', () => {
    expectAppError(() => loadTemplates(path.join(dir, 'nope')), 'TEMPLATE_MISSING');
  });

  it('a directory without reply templates is TEMPLATE_MISSING', () => {
    expectAppError(() => loadTemplates(writeTemplates({ 'readme.txt': 'x' })), 'TEMPLATE_MISSING');
  });

  it('the shipped config/templates load and use the documented placeholders', () => {
    const set = loadTemplates(path.resolve('config'));
    expect(set.replies.length).toBeGreaterThanOrEqual(1);
    expect(set.replies[0]!.name).toBe('reply-1');
    for (const t of set.replies) {
      expect(t.body.trim().length).toBeGreaterThan(0);
      const rendered = renderTemplate(t.body, { greeting: 'Hi Dana,', ownerName: 'Alex' });
      expect(rendered).not.toMatch(/\{\{|\}\}/);
    }
    expect(renderTemplate(set.replies[0]!.body, { greeting: 'Hi Dana,', ownerName: 'Alex' }).startsWith('Hi Dana,')).toBe(true);
  });
});

describe('pickReplyTemplate', () => {
  const set: TemplateSet = {
    replies: [
      { name: 'reply-1', body: 'first' },
      { name: 'reply-2', body: 'second' },
      { name: 'reply-3', body: 'third' },
    ],
  };

  it('is chosen by attempt count', () => {
    expect(pickReplyTemplate(set, 1).name).toBe('reply-1');
    expect(pickReplyTemplate(set, 2).name).toBe('reply-2');
    expect(pickReplyTemplate(set, 3).name).toBe('reply-3');
  });

  it('the last one repeats', () => {
    expect(pickReplyTemplate(set, 4).name).toBe('reply-3');
    expect(pickReplyTemplate(set, 100).name).toBe('reply-3');
  });

  it('attempt 0 or below uses the first', () => {
    expect(pickReplyTemplate(set, 0).name).toBe('reply-1');
    expect(pickReplyTemplate(set, -1).name).toBe('reply-1');
  });

  it('a single template serves every attempt', () => {
    const one: TemplateSet = { replies: [{ name: 'reply-1', body: 'only' }] };
    expect([1, 2, 5].map((n) => pickReplyTemplate(one, n).body)).toEqual(['only', 'only', 'only']);
  });
});

describe('renderTemplate', () => {
  it('renders placeholders, with or without inner spaces, repeated ones everywhere', () => {
    expect(renderTemplate('{{greeting}}\n\nThanks, {{ ownerName }}. Again: {{ownerName}}', { greeting: 'Hi Dana,', ownerName: 'Alex' })).toBe(
      'Hi Dana,\n\nThanks, Alex. Again: Alex',
    );
  });

  it('an unknown placeholder renders empty', () => {
    expect(renderTemplate('Hello {{nmae}}!', { name: 'Dana' })).toBe('Hello !');
  });

  it('an unknown placeholder alone on a line leaves no trailing spaces or braces', () => {
    const out = renderTemplate('Hi,\n  {{signoff}}  \nAlex', {});
    expect(out).toBe('Hi,\n\nAlex');
    expect(out).not.toMatch(/[{}]/);
  });

  it('values are inserted literally (no $-pattern or placeholder expansion)', () => {
    expect(renderTemplate('Pay: {{range}}', { range: "$& $1 $' {{greeting}}" })).toBe("Pay: $& $1 $' {{greeting}}");
  });

  it('does not touch text that only looks like a placeholder', () => {
    expect(renderTemplate('{single} {{1abc}} {{ }}', {})).toBe('{single} {{1abc}} {{ }}');
  });

  it('trims leading and trailing whitespace of the result', () => {
    expect(renderTemplate('\n\n{{a}}\n\nbody\n\n', { a: '' })).toBe('body');
  });

  it('does not read inherited object properties as variables', () => {
    expect(renderTemplate('[{{toString}}][{{constructor}}]', {})).toBe('[][]');
  });
});
