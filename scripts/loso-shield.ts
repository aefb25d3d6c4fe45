/**
 * How far SHIELD's broad jailbreak model carries to attacks it has not seen: each of our invented
 * training sets (test/fixtures/jailbreak/, injection/, benign-prompts/) is left out in turn, the
 * model is trained as scripts/train-shield.ts trains it on the rest, and the left-out set is
 * screened. Reports, per set, what the rules alone catch, what the model adds at its `alone`
 * threshold, and the look-alikes the model alone flags; then the totals at other thresholds.
 * This is how the model's features, size and least threshold were chosen (docs/shield.md,
 * "Scorer"); the yardstick sets are never used. Needs ../shared/eval.
 *
 * Run: tsx scripts/loso-shield.ts [--heads] [--keep N] [--floor P]
 * (--heads: also each word's first five letters, the variant measured and dropped.)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { normaliseForShield } from '../src/safety/shield/fast-normalise.js';
import { JAILBREAK_MODEL_WORDS, probability, wordBuckets } from '../src/safety/shield/scorer.js';
import { kindScore, screenPiece } from '../src/safety/shield/screen-text.js';
import { ALONE_FLOOR, EVAL, examples, FIXTURES, heldOut, inventedMail, KEEP, loadDevData, OWN_TRAINING_SETS, sparse, train } from './train-shield.js';

const THRESHOLDS = [0.95, 0.96, 0.97, 0.98, 0.99];

interface Row {
  label: boolean;
  text: string;
}

/** `wordBuckets` plus each word's first five letters, hashed apart (the variant `--heads` measures). */
function withHeads(text: string, bits: number): number[] {
  const out = new Set(wordBuckets(text, bits));
  for (const word of text.match(/[a-z']+/g) ?? []) {
    let h = 0x811c9dc5;
    for (const ch of word.slice(0, 5)) h = Math.imul(h ^ (ch.codePointAt(0) as number), 0x01000193);
    out.add((Math.imul((h >>> 0) ^ 0x5bd1e995, 0xcc9e2d51) >>> 0) & ((1 << bits) - 1));
  }
  return [...out];
}

function main(): void {
  if (!existsSync(EVAL)) {
    console.log(`no evaluation data at ${EVAL}; nothing to measure`);
    return;
  }
  const args = process.argv.slice(2);
  const option = (name: string, byDefault: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : byDefault);
  const heads = args.includes('--heads');
  const keep = option('--keep', 2 * KEEP);
  const floor = option('--floor', ALONE_FLOOR);
  const sets = new Map<string, Row[]>();
  for (const dir of ['jailbreak', 'injection', 'benign-prompts']) {
    for (const f of readdirSync(path.join(FIXTURES, dir)).filter((x) => OWN_TRAINING_SETS.test(x)).sort()) {
      sets.set(f, readFileSync(path.join(FIXTURES, dir, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Row));
    }
  }
  const d = loadDevData();
  const neg = [...d.jailbreakBenign, ...d.llmail, ...d.goemotions, ...Object.values(d.crisisByLabel).flat()];
  const mail = inventedMail().filter((t) => !heldOut(t));
  const fx = heads ? withHeads : wordBuckets;
  const gate = new RegExp(String.raw`(?<![a-z0-9'])(?:${JAILBREAK_MODEL_WORDS.join('|')})(?![a-z0-9'])`);
  const rulesCatch = (t: string) => kindScore(screenPiece(t).signals.filter((s) => !s.rule.startsWith('scorer-')), 'jailbreak') >= 1;
  const totals = new Map<number, { added: number; flagged: number }>(THRESHOLDS.map((th) => [th, { added: 0, flagged: 0 }]));
  let positives = 0;
  let byRules = 0;
  console.log(`broad jailbreak model, ${heads ? 'words, pairs and word heads' : 'words and pairs'}, ${keep} weights, alone from ${floor}; each set left out in turn`);
  for (const [name, rows] of sets) {
    const rest = [...sets].filter(([n]) => n !== name).flatMap(([, r]) => r);
    const extra = { pos: rest.filter((r) => r.label).map((r) => r.text), hardNeg: [...rest.filter((r) => !r.label).map((r) => r.text), ...mail] };
    const data = examples(fx, d.jailbreak.filter((t) => !heldOut(t)), neg.filter((t) => !heldOut(t)), [], extra);
    const { bias, w } = train(data);
    const model = sparse(bias, w, data.filter((e) => e.y === 0), keep, { floor });
    const alone = model.alone ?? 1;
    let caught = 0;
    let added = 0;
    let flagged = 0;
    for (const r of rows) {
      const text = normaliseForShield(r.text).text;
      const rules = rulesCatch(r.text);
      const p = gate.test(text) ? probability(model, fx(text, 15)) : 0;
      for (const th of THRESHOLDS) {
        const t = totals.get(th) as { added: number; flagged: number };
        if (!rules && p >= Math.max(th, alone)) r.label ? t.added++ : t.flagged++;
      }
      if (r.label) {
        positives++;
        if (rules) caught++, byRules++;
        else if (p >= alone) added++;
      } else if (!rules && p >= alone) flagged++;
    }
    const pos = rows.filter((r) => r.label).length;
    console.log(`${name.padEnd(32)} alone ${alone.toFixed(2)}   rules ${String(caught).padStart(2)}/${pos}   model adds ${String(added).padStart(2)}   look-alikes the model flags ${flagged}/${rows.length - pos}`);
  }
  console.log(`rules alone: ${byRules} of ${positives} attacks`);
  for (const [th, t] of totals) console.log(`at ${th.toFixed(2)} (or the set's own alone if higher): the model adds ${t.added}, flags ${t.flagged} look-alikes`);
}

main();
