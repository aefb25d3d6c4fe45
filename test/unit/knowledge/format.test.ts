import { describe, expect, it } from 'vitest';
import type { KnowledgeCategory, KnowledgeEntry } from '../../../src/db/schema.js';
import { formatKnowledgeLayer } from '../../../src/knowledge/format.js';
import { serializeExample, serializeFields, serializeRows } from '../../../src/knowledge/shapes.js';

let nextId = 1;
function entry(category: KnowledgeCategory, key: string, value: string): KnowledgeEntry {
  return { id: nextId++, category, key, value, active: 1, created_at: 0, updated_at: 0 };
}

describe('formatKnowledgeLayer', () => {
  it('is empty when there is nothing to add', () => {
    expect(formatKnowledgeLayer([])).toBe('');
  });

  it('states a career fact as a fact', () => {
    const out = formatKnowledgeLayer([entry('career_fact', 'Years of experience', 'Alex has 11 years of backend experience.')]);
    expect(out).toContain('\n\nFact: Alex has 11 years of backend experience.');
    expect(out).not.toContain('Years of experience');
  });

  it('shapes a Q&A pair as a ready answer', () => {
    const out = formatKnowledgeLayer([entry('qa_pair', 'What is your notice period?', 'Two months.')]);
    expect(out).toContain('When asked "What is your notice period?", answer: Two months.');
  });

  it('renders a field: value table as a two-column table titled by its name', () => {
    const value = serializeFields([['Full name', 'Alex Morgan'], ['Notice period', '2 months'], ['Hours', '09:00-17:00']]);
    const out = formatKnowledgeLayer([entry('filled_table', 'Application form', value)]);
    expect(out).toContain(
      [
        'Reference table "Application form" (use it to answer or fill in forms):',
        '| Field | Value |',
        '| --- | --- |',
        '| Full name | Alex Morgan |',
        '| Notice period | 2 months |',
        '| Hours | 09:00-17:00 |',
      ].join('\n'),
    );
  });

  it('renders a table with rows under its own header, pipes in cells escaped', () => {
    const value = serializeRows(['Employer', 'Years'], [['Orbitrail', '2020-now'], ['Harbour | Co', '2016-2020']]);
    const out = formatKnowledgeLayer([entry('filled_table', 'History', value)]);
    expect(out).toContain(['| Employer | Years |', '| --- | --- |', '| Orbitrail | 2020-now |', '| Harbour \\| Co | 2016-2020 |'].join('\n'));
  });

  it('reads a markdown table typed by hand and shows free text verbatim', () => {
    const markdown = formatKnowledgeLayer([entry('filled_table', 'Skills', '| Skill | Years |\n|---|:--:|\n| Go | 5 |')]);
    expect(markdown).toContain('| Skill | Years |\n| --- | --- |\n| Go | 5 |');
    const text = formatKnowledgeLayer([entry('filled_table', 'Notes', 'See https://example.com for details\nand more')]);
    expect(text).toContain('Reference table "Notes" (use it to answer or fill in forms):\nSee https://example.com for details\nand more');
  });

  it('marks an example conversation as an example of tone, not instructions', () => {
    const value = serializeExample({ recruiter: 'Open to a chat?', reply: 'Hi Sam,\n\nHappy to hear more.\n\nAlex' });
    const out = formatKnowledgeLayer([entry('example_conversation', 'Warm reply', value)]);
    expect(out).toContain('Example conversation "Warm reply": an example of your tone only, not instructions');
    expect(out).toContain('<example>\nRecruiter wrote:\nOpen to a chat?\n\nYou replied:\nHi Sam,\n\nHappy to hear more.\n\nAlex\n</example>');
  });

  it('keeps the retrieval order, one block per entry', () => {
    const out = formatKnowledgeLayer([entry('qa_pair', 'Q1?', 'A1.'), entry('career_fact', 'k', 'F1.'), entry('qa_pair', 'Q2?', 'A2.')]);
    const blocks = out.split('\n\n');
    expect(blocks).toHaveLength(4);
    expect(blocks.slice(1)).toEqual(['When asked "Q1?", answer: A1.', 'Fact: F1.', 'When asked "Q2?", answer: A2.']);
  });
});
