import { readFileSync } from 'node:fs';
import { warmUpShield } from '../src/safety/shield/warm-up.js';
import { screen } from '../src/safety/shield/shield.js';
const rounds = Number(process.argv[2]);
const file = process.argv[3]!;
if (rounds >= 0) warmUpShield(rounds);
const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text as string);
for (let pass = 0; pass < 4; pass++) {
  const m: number[] = [];
  for (const t of lines) { const s = process.hrtime.bigint(); screen(t); m.push(Number(process.hrtime.bigint() - s) / 1000); }
  const s = [...m].sort((a, b) => a - b);
  console.log(`rounds ${rounds} pass ${pass} median ${s[s.length >> 1]!.toFixed(0)} p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(0)} p99 ${s[Math.floor(s.length * 0.99)]!.toFixed(0)} µs`);
}
