/**
 * `hermes shield`: JSON Lines in (`{"id","text"}`), one JSON line out per input line. This is the
 * interface evaluations drive, so its shape stays stable; a bad line gets an error line and the
 * stream goes on.
 */
import { StringDecoder } from 'node:string_decoder';
import { screen } from '../safety/shield/shield.js';
import { warmUpShield } from '../safety/shield/warm-up.js';

function screenLine(line: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (err) {
    return JSON.stringify({ id: null, error: `invalid JSON: ${(err as Error).message}` });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return JSON.stringify({ id: null, error: 'expected an object {"id","text"}' });
  const { id, text } = parsed as { id?: unknown; text?: unknown };
  if (typeof text !== 'string') return JSON.stringify({ id: null, error: 'missing string field "text"' });
  const started = process.hrtime.bigint();
  const result = screen(text);
  const micros = Number((process.hrtime.bigint() - started) / 1000n);
  return JSON.stringify({ id: id ?? null, verdict: result.verdict, confidence: result.confidence, categories: result.categories, micros });
}

export interface ShieldCommandOptions {
  /**
   * Ready SHIELD before the first line (~0.5 s), so each line's `micros` is what a screening costs
   * in a running process, not V8 compiling the rules on the first lines (milliseconds each).
   * `hermes shield --no-warm-up` turns it off.
   */
  warmUp?: boolean;
}

export async function shieldCommand(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, opts: ShieldCommandOptions = {}): Promise<number> {
  if (opts.warmUp !== false) warmUpShield();
  // The lines of each chunk read are screened one after another and answered in one write: a
  // write and a trip through the event loop between two lines made the next line's `micros` read
  // higher (docs/shield.md, "Warm-up"). A line that arrives alone is still answered at once.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const answer = async (lines: string[]): Promise<void> => {
    const out: string[] = [];
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line.trim() !== '') out.push(`${screenLine(line)}\n`);
    }
    if (out.length > 0 && !output.write(out.join(''))) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
  };
  for await (const chunk of input) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    const end = pending.lastIndexOf('\n');
    if (end < 0) continue;
    const lines = pending.slice(0, end).split('\n');
    pending = pending.slice(end + 1);
    await answer(lines);
  }
  await answer([pending + decoder.end()]);
  return 0;
}
