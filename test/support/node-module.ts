import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `lines` as an ES module in a fresh Node process started with `flags` (V8 traces or modes a
 * test needs the whole process in), through tsx so it can import the TypeScript sources by path.
 * Returns what it printed.
 */
export function runNodeModule(flags: string[], lines: string[]): string {
  return execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', lines.join('\n')], { encoding: 'utf8', cwd: ROOT, maxBuffer: 1 << 26 });
}
