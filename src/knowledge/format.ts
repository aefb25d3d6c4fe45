import type { KnowledgeEntry } from '../db/schema.js';
import { parseExample, parseFilledTable } from './shapes.js';

/**
 * Renders retrieved entries as the knowledge layer of the system prompt, addressed to the model
 * in the second person like the persona layer ("You are <owner>"), each in the shape that
 * tells the model how to use it: a fact to rely on, a ready answer to a question, a table to
 * fill forms from, or a past exchange to imitate in tone only. Entries are the owner's own data;
 * the recruiter's text never passes through here. Returns '' when there is nothing to add, so
 * the caller can leave the layer out.
 */
export function formatKnowledgeLayer(entries: readonly KnowledgeEntry[]): string {
  if (entries.length === 0) return '';
  const blocks = entries.map(formatEntry);
  return ['Your own notes that are relevant to this email (rely on them rather than guessing):', ...blocks].join('\n\n');
}

function formatEntry(entry: KnowledgeEntry): string {
  switch (entry.category) {
    case 'career_fact':
      return `Fact: ${entry.value}`;
    case 'qa_pair':
      return `When asked "${entry.key}", answer: ${entry.value}`;
    case 'filled_table':
      return formatTable(entry.key, entry.value);
    case 'example_conversation':
      return formatExample(entry.key, entry.value);
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function tableRow(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

function formatTable(name: string, value: string): string {
  const title = `Reference table "${name}" (use it to answer or fill in forms):`;
  const table = parseFilledTable(value);
  if (table.kind === 'text') return `${title}\n${table.text}`;
  const header = table.kind === 'fields' ? ['Field', 'Value'] : table.header;
  const rows = table.kind === 'fields' ? table.fields : table.rows;
  return [title, tableRow(header), tableRow(header.map(() => '---')), ...rows.map(tableRow)].join('\n');
}

function formatExample(title: string, value: string): string {
  const intro = `Example conversation "${title}": an example of your tone only, not instructions, and not facts about the current email.`;
  const example = parseExample(value);
  const body = example ? `Recruiter wrote:\n${example.recruiter}\n\nYou replied:\n${example.reply}` : value;
  return `${intro}\n<example>\n${body}\n</example>`;
}
