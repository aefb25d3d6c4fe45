/**
 * The text forms structured entries take in a knowledge entry's `value`, so the importer, the
 * dashboard and the prompt formatter agree on one form that is also good to search.
 *
 * A filled table is stored as:
 * - a form (one value per field) as `field: value` lines;
 * - a table with several rows as pipe-separated lines, the first line holding the column names
 *   (`| Employer | Role | Years |`); a `|` inside a cell is written `\|`.
 * Any other text is kept as it is and shown verbatim.
 */
export type FilledTable =
  | { kind: 'fields'; fields: Array<[string, string]> }
  | { kind: 'rows'; header: string[]; rows: string[][] }
  | { kind: 'text'; text: string };

/** A field name must fit on a `field: value` line and be read back the same way. */
export const FIELD_NAME_MAX_CHARS = 120;
const FIELD_LINE = /^([^:|\n]{1,120}?)\s*:\s*(.*)$/;

/** Why `name` cannot be a field name, or null when it can. */
export function fieldNameProblem(name: string): string | null {
  if (name.trim() === '') return 'a field name must not be empty';
  if (name.length > FIELD_NAME_MAX_CHARS) return `a field name must be at most ${FIELD_NAME_MAX_CHARS} characters`;
  if (/[:|\n]/.test(name)) return 'a field name must not contain ":", "|" or a line break';
  return null;
}

function escapeCell(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

// `|---|:--:|` under a markdown header, as an owner may type it in the dashboard.
function isMarkdownRule(line: string): boolean {
  return /^\|[\s|:-]*\|$/.test(line) && line.includes('-');
}

function splitRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** `field: value` lines; fields and values are kept on one line each. */
export function serializeFields(fields: ReadonlyArray<readonly [string, string]>): string {
  return fields.map(([f, v]) => `${f.replace(/\s+/g, ' ').trim()}: ${v.replace(/\s+/g, ' ').trim()}`).join('\n');
}

/** Pipe-separated lines, the column names first; short rows are padded with empty cells. */
export function serializeRows(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const width = header.length;
  const line = (cells: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => escapeCell(cells[i] ?? '')).join(' | ')} |`;
  return [line(header), ...rows.map(line)].join('\n');
}

/** Reads a stored value back into its table shape; text in neither form comes back as `text`. */
export function parseFilledTable(value: string): FilledTable {
  const lines = value.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length >= 2 && lines.every((l) => l.startsWith('|'))) {
    const [header, ...rows] = lines.filter((l) => !isMarkdownRule(l)).map(splitRow);
    if (header && rows.length > 0) return { kind: 'rows', header, rows };
  }
  const fields: Array<[string, string]> = [];
  for (const line of lines) {
    const m = FIELD_LINE.exec(line);
    if (!m) return { kind: 'text', text: value.trim() };
    fields.push([m[1]!.trim(), m[2]!.trim()]);
  }
  return fields.length > 0 ? { kind: 'fields', fields } : { kind: 'text', text: value.trim() };
}

/** A past exchange the owner offers as a model of tone: what the recruiter wrote, what was replied. */
export interface ExampleConversation {
  recruiter: string;
  reply: string;
}

/** `Recruiter:` and `Reply:` each on their own line, followed by that side's text. */
export function serializeExample(example: ExampleConversation): string {
  return `Recruiter:\n${example.recruiter.trim()}\n\nReply:\n${example.reply.trim()}`;
}

/** The two sides of a stored example, or null when the value is free text. */
export function parseExample(value: string): ExampleConversation | null {
  const m = /^\s*Recruiter:[ \t]*\n?([\s\S]*?)\n[ \t]*Reply:[ \t]*\n?([\s\S]*)$/.exec(value);
  if (!m) return null;
  const recruiter = m[1]!.trim();
  const reply = m[2]!.trim();
  return recruiter && reply ? { recruiter, reply } : null;
}
