import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricatePii, loadPiiPools, newPiiSeed, type PiiPools } from '../../../src/persona/fabricate.js';
import { tempDir } from '../../support/temp-dir.js';

const CONFIG_DIR = path.resolve(import.meta.dirname, '../../../config');
const shipped = loadPiiPools(CONFIG_DIR);
const SEEDS = 5_000;

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function poolsDir(yaml: string): string {
  const dir = tempDir('hermes-pools-');
  writeFileSync(path.join(dir, 'pii-pools.yaml'), yaml);
  return dir;
}

const list = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `  - ${prefix} ${i + 1}`).join('\n');
const cities = (n: number) => Array.from({ length: n }, (_, i) => `  - Town${i + 1}, OR`).join('\n');

describe('loadPiiPools', () => {
  it('reads the shipped pools: at least 12 invented entries each, cities as "City, ST"', () => {
    expect(shipped.addresses.length).toBeGreaterThanOrEqual(12);
    expect(shipped.cityStates.length).toBeGreaterThanOrEqual(12);
    for (const c of shipped.cityStates) expect(c).toMatch(/^[A-Za-z .'-]+, [A-Z]{2}$/);
    for (const a of shipped.addresses) expect(a).toMatch(/^\d+ [A-Za-z ]+$/);
    expect(new Set(shipped.addresses).size).toBe(shipped.addresses.length);
  });

  it('names every problem at once, by position', () => {
    const dir = poolsDir(`addresses:\n${list('Elm Street', 11)}\ncityStates:\n${cities(11)}\n  - Nowhere\n  - Faraway, ZZ\n`);
    let message = '';
    try {
      loadPiiPools(dir);
    } catch (err) {
      expect(err).toMatchObject({ code: 'CONFIG_INVALID' });
      message = (err as Error).message;
    }
    expect(message).toContain('pii-pools.yaml');
    expect(message).toMatch(/addresses: expected at least 12 addresses/);
    expect(message).toMatch(/cityStates\.11: expected "City, ST"/);
    expect(message).toMatch(/cityStates\.12: expected "City, ST"/);
  });

  it('rejects repeats, a missing list, a missing file and broken YAML', () => {
    const repeat = poolsDir(`addresses:\n${list('Elm Street', 11)}\n  - elm street 1\ncityStates:\n${cities(12)}\n`);
    expect(() => loadPiiPools(repeat)).toThrow(/addresses must not repeat/);
    expect(() => loadPiiPools(poolsDir(`addresses:\n${list('Elm Street', 12)}\n`))).toThrow(/cityStates: expected a list of cities/);
    expect(() => loadPiiPools(path.join(tmpdir(), 'no-such-hermes-dir'))).toThrow(/cannot read/);
    expect(() => loadPiiPools(poolsDir('addresses: [unclosed\n'))).toThrow(/cannot read/);
  });
});

describe('fabricatePii', () => {
  it('is deterministic per seed', () => {
    const seed = newPiiSeed();
    expect(fabricatePii(seed, shipped)).toEqual(fabricatePii(seed, shipped));
    expect(fabricatePii('fixed-seed', shipped)).toEqual(fabricatePii('fixed-seed', { addresses: [...shipped.addresses], cityStates: [...shipped.cityStates] }));
  });

  it('new seeds are random 128-bit hex', () => {
    const seeds = new Set(Array.from({ length: 1_000 }, () => newPiiSeed()));
    expect(seeds.size).toBe(1_000);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{32}$/);
  });

  it(`over ${SEEDS} seeds: every SSN never issued, every date valid and in range, licence matches the state`, () => {
    const ssns = new Set<string>();
    const areas = new Set<number>();
    const groups = new Set<number>();
    const months = new Set<string>();
    const addresses = new Map<string, number>();
    const cityStates = new Map<string, number>();
    const bad: string[] = [];
    for (let i = 0; i < SEEDS; i++) {
      const pii = fabricatePii(`seed-${i}`, shipped);
      const m = /^(\d{3})-(\d{2})-(\d{4})$/.exec(pii.ssn);
      const [area, group, serial] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
      const ok =
        area >= 900 && area <= 999 && group >= 1 && group <= 49 && serial >= 1 && serial <= 9999 &&
        pii.ssnLast4 === m?.[3] &&
        isCalendarDate(pii.dob) && pii.dob >= '1985-01-01' && pii.dob <= '1995-12-31' &&
        shipped.addresses.includes(pii.address) && shipped.cityStates.includes(pii.cityState) &&
        /^[A-Z]\d{7}$/.test(pii.driversLicense) && pii.driversLicense[0] === pii.cityState.slice(-2, -1);
      if (!ok) bad.push(JSON.stringify(pii));
      ssns.add(pii.ssn);
      areas.add(area);
      groups.add(group);
      months.add(pii.dob.slice(0, 7));
      addresses.set(pii.address, (addresses.get(pii.address) ?? 0) + 1);
      cityStates.set(pii.cityState, (cityStates.get(pii.cityState) ?? 0) + 1);
    }
    expect(bad).toEqual([]);
    // Different seeds spread over the ranges and the pools.
    expect(ssns.size).toBeGreaterThan(SEEDS * 0.99);
    expect(areas.size).toBe(100);
    expect(groups.size).toBe(49);
    // Both ends of the date range are reached: 11 years of 12 months.
    expect(months.size).toBe(132);
    expect(months).toContain('1985-01');
    expect(months).toContain('1995-12');
    expect(addresses.size).toBe(shipped.addresses.length);
    expect(cityStates.size).toBe(shipped.cityStates.length);
    const fair = SEEDS / shipped.addresses.length;
    for (const count of [...addresses.values(), ...cityStates.values()]) expect(count).toBeGreaterThan(fair * 0.7);
  });

  it('keeps other conversations\' picks when an entry is added to a pool', () => {
    const grown: PiiPools = { addresses: [...shipped.addresses, '77 Newly Added Lane'], cityStates: [...shipped.cityStates, 'Fresh Meadow, IA'] };
    let changed = 0;
    for (let i = 0; i < 1_000; i++) {
      const before = fabricatePii(`s${i}`, shipped);
      const after = fabricatePii(`s${i}`, grown);
      expect(after.ssn).toBe(before.ssn);
      if (after.address !== before.address) {
        expect(after.address).toBe('77 Newly Added Lane');
        changed++;
      }
      if (after.cityState !== before.cityState) expect(after.cityState).toBe('Fresh Meadow, IA');
    }
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(200);
  });

  it('refuses an empty seed', () => {
    expect(() => fabricatePii('', shipped)).toThrow(/seed/);
  });
});
