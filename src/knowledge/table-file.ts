import path from 'node:path';
import { AppError } from '../shared/errors.js';
import { toAscii } from './ascii.js';
import { fieldNameProblem, serializeFields, serializeRows } from './shapes.js';

/** A filled table read from a file, in its stored text form (see shapes.ts). */
export interface TableFile {
  shape: 'fields' | 'rows';
  value: string;
  /** Fields of a form, or data rows of a table (the header not counted). */
  size: number;
}

// A first row that only names the two columns of a field/value list.
const PAIR_HEADERS = new Set(['field', 'name', 'key', 'question', 'label']);
const PAIR_VALUES = new Set(['value', 'answer']);

function fail(file: string, message: string): never {
  throw new AppError('INPUT_INVALID', `${file}: ${message}`);
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. Blank lines are skipped. */
function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') {
        cell += ch;
        if (ch === '\n') line++;
      } else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else {
        quoted = false;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n') {
      endRecord();
      recordLine = ++line;
    } else if (ch !== '\r') {
      cell += ch;
    }
  }
  if (quoted) throw new AppError('INPUT_INVALID', `line ${recordLine}: a quoted cell is never closed`);
  endRecord();
  return records;
}

function checkFields(file: string, fields: ReadonlyArray<readonly [string, string]>, lines: readonly number[]): void {
  fields.forEach(([field], i) => {
    const problem = fieldNameProblem(field);
    if (problem) fail(file, `line ${lines[i]}: ${problem}`);
  });
}

/**
 * The shape of a CSV file, by these rules, in order:
 * 1. two columns headed `field,value` (or name/key/question/label, value/answer): a form, one field per row;
 * 2. a header row and exactly one data row: a form, one field per column;
 * 3. two columns and no such header: a form, one `field,value` per row;
 * 4. otherwise: a table, the first row naming the columns.
 */
function fromCsv(file: string, text: string): TableFile {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (err) {
    fail(file, (err as Error).message);
  }
  const [head, ...rest] = records;
  if (!head) fail(file, 'the file has no rows');
  const width = head.cells.length;
  for (const r of rest) if (r.cells.length > width) fail(file, `line ${r.line}: ${r.cells.length} cells, but the first row has ${width}`);
  const named = width === 2 && PAIR_HEADERS.has(head.cells[0]!.toLowerCase()) && PAIR_VALUES.has(head.cells[1]!.toLowerCase());
  if (width === 2 && (named || rest.length !== 1)) {
    const pairs = named ? rest : records;
    const fields = pairs.map((r) => [r.cells[0]!, r.cells[1] ?? ''] as const);
    checkFields(file, fields, pairs.map((r) => r.line));
    return { shape: 'fields', value: serializeFields(fields), size: fields.length };
  }
  if (rest.length === 1) {
    const fields = head.cells.map((f, i) => [f, rest[0]!.cells[i] ?? ''] as const);
    checkFields(file, fields, fields.map(() => head.line));
    return { shape: 'fields', value: serializeFields(fields), size: fields.length };
  }
  if (rest.length === 0) fail(file, 'a table needs a header row and at least one row');
  return { shape: 'rows', value: serializeRows(head.cells, rest.map((r) => r.cells)), size: rest.length };
}

/** `field: value` lines; blank lines and lines starting with `#` are skipped. */
function fromFieldLines(file: string, text: string): TableFile {
  const fields: Array<[string, string]> = [];
  const lines: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const colon = line.indexOf(':');
    if (colon <= 0) fail(file, `line ${i + 1}: expected "field: value"`);
    fields.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    lines.push(i + 1);
  });
  if (fields.length === 0) fail(file, 'the file has no "field: value" lines');
  checkFields(file, fields, lines);
  return { shape: 'fields', value: serializeFields(fields), size: fields.length };
}

/**
 * Reads a filled table from a `.csv` file, or from any other file as `field: value` lines.
 * Text is normalised to ASCII first, as everything saved in the knowledge base is.
 */
export function parseTableFile(fileName: string, text: string): TableFile {
  const file = path.basename(fileName);
  const normalised = toAscii(text);
  return path.extname(fileName).toLowerCase() === '.csv' ? fromCsv(file, normalised) : fromFieldLines(file, normalised);
}
