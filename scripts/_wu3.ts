import { readFileSync } from 'node:fs';
import { screen } from '../src/safety/shield/shield.js';
import { warmUpShield } from '../src/safety/shield/warm-up.js';
warmUpShield(0);
const warm = readFileSync('/tmp/scr/ord.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text as string).slice(0, Number(process.argv[2]));
const t0 = performance.now();
for (let r = 0; r < Number(process.argv[3]); r++) for (const t of warm) screen(t);
const ms = performance.now() - t0;
const lines = readFileSync('/tmp/scr/corpus.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text as string);
for (let pass = 0; pass < 2; pass++) {
  const m: number[] = [];
  for (const t of lines) { const s = process.hrtime.bigint(); screen(t); m.push(Number(process.hrtime.bigint() - s) / 1000); }
  const s = [...m].sort((a, b) => a - b);
  console.log(`warm ${warm.length}x${process.argv[3]} (${ms.toFixed(0)} ms) pass ${pass} median ${s[s.length >> 1]!.toFixed(0)} p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(0)} p99 ${s[Math.floor(s.length * 0.99)]!.toFixed(0)} µs`);
}
