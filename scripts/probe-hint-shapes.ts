/**
 * Adversarial time probe: screens 1 MB made of one rule hint word repeated, for the first hint
 * words of every rule, and prints the slowest shapes. Hint words wake their rules, so text dense
 * with them makes each rule run over all of it, where a regex that reads too far from each start
 * shows (exfil-markup's "<img " took 212 ms before its runs were bounded by the next tag).
 *
 *   tsx scripts/probe-hint-shapes.ts [--per-rule N] [--top N] [--size BYTES]
 *
 * One cold screening per shape after SHIELD's warm-up, so figures carry the host's noise: read the
 * outliers, and time a suspect again with `bench:shield`-style repeats before acting on it.
 */
import { RULE_HINTS } from '../src/safety/shield/rules.js';
import { screen } from '../src/safety/shield/shield.js';
import { warmUpShield } from '../src/safety/shield/warm-up.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

const perRule = option('--per-rule', 2);
const top = option('--top', 25);
const size = option('--size', 1_000_000);

warmUpShield();
const timings: Array<{ ms: number; rule: string; unit: string }> = [];
const seen = new Set<string>();
for (const [rule, hints] of Object.entries(RULE_HINTS)) {
  for (const hint of hints.slice(0, perRule)) {
    const unit = `${hint.startsWith('~') ? hint.slice(1) : hint} `;
    if (seen.has(unit)) continue;
    seen.add(unit);
    const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const started = performance.now();
    screen(text);
    timings.push({ ms: performance.now() - started, rule, unit });
  }
}
timings.sort((a, b) => b.ms - a.ms);
console.log(`${timings.length} shapes of ${size / 1000} KB; the ${Math.min(top, timings.length)} slowest:`);
for (const { ms, rule, unit } of timings.slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${rule.padEnd(28)} ${JSON.stringify(unit)}`);
