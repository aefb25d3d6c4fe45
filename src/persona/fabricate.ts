/**
 * Fabricated personal data for recruiters who insist on an SSN, a date of birth or an address
 * (DESIGN.md section 4). Every value derives from one random seed stored per conversation, so
 * a recruiter who asks twice hears the same answer, and nothing here can produce a real
 * person's Social Security number: the SSN comes only from ranges never issued as an SSN or an
 * ITIN. Pure apart from reading the pools file; no Math.random.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { AppError } from '../shared/errors.js';

export interface FabricatedPii {
  /** `9AA-GG-SSSS`: area 900–999, group 01–49, serial 0001–9999. */
  ssn: string;
  ssnLast4: string;
  /** `YYYY-MM-DD`, from 1985-01-01 to 1995-12-31. */
  dob: string;
  address: string;
  /** "City, ST" */
  cityState: string;
  /** The city's state initial and seven digits. */
  driversLicense: string;
}

export interface PiiPools {
  addresses: string[];
  cityStates: string[];
}

export const PII_POOLS_FILE = 'pii-pools.yaml';
const MIN_POOL = 12;

const STATE_CODES = new Set(
  ('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD ' +
    'TN TX UT VT VA WA WV WI WY').split(' '),
);
const CITY_STATE = /^[^,]+, ([A-Z]{2})$/;

const entry = z.string({ message: 'expected text' }).trim().min(1, { message: 'expected a non-empty entry' });
const pool = (what: string, item: z.ZodType<string>) =>
  z
    .array(item, { message: `expected a list of ${what}` })
    .min(MIN_POOL, { message: `expected at least ${MIN_POOL} ${what}` })
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, { message: `${what} must not repeat` });

const poolsSchema = z.object({
  addresses: pool('addresses', entry),
  cityStates: pool(
    'cities',
    entry.refine((s) => STATE_CODES.has(CITY_STATE.exec(s)?.[1] ?? ''), {
      message: 'expected "City, ST" with a two-letter USPS state code (the licence prefix is taken from it)',
    }),
  ),
});

/**
 * Reads and checks `<configDir>/pii-pools.yaml`; every problem is listed at once, by position
 * ("cityStates.3: ..."), so the owner can fix the file in one go.
 */
export function loadPiiPools(configDir: string): PiiPools {
  const file = path.join(configDir, PII_POOLS_FILE);
  let data: unknown;
  try {
    data = parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new AppError('CONFIG_INVALID', `cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  const parsed = poolsSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new AppError('CONFIG_INVALID', `invalid ${file}:\n${issues.join('\n')}`);
  }
  return parsed.data;
}

/** A fresh seed for one conversation: 128 random bits, hex. The caller stores it. */
export function newPiiSeed(): string {
  return randomBytes(16).toString('hex');
}

/** 64 bits of HMAC-SHA256(seed, label): independent per label, fixed per seed. */
function draw(seed: string, label: string): bigint {
  return createHmac('sha256', seed).update(`hermes/pii/v1/${label}`).digest().readBigUInt64BE(0);
}

/** A number in [0, n); the modulo bias over 64 bits is below 1e-11 for these ranges. */
function below(seed: string, label: string, n: number): number {
  return Number(draw(seed, label) % BigInt(n));
}

/**
 * Rendezvous hashing: the entry with the highest draw wins. Unlike an index modulo the pool
 * size, adding or removing one entry leaves every other conversation's pick unchanged.
 */
function pick(seed: string, label: string, list: readonly string[]): string {
  let best = list[0]!;
  let bestScore = -1n;
  for (const item of list) {
    const score = draw(seed, `${label}/${item}`);
    if (score > bestScore) [best, bestScore] = [item, score];
  }
  return best;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const DOB_FIRST = Date.UTC(1985, 0, 1);
const DOB_DAYS = (Date.UTC(1995, 11, 31) - DOB_FIRST) / 86_400_000 + 1;

/**
 * The conversation's fabricated PII. Area 900–999 with group 01–49 is outside both the SSA's
 * issued space (areas 900+ are never SSNs) and the ITIN space (groups 50–65, 70–88, 90–92,
 * 94–99), so the number can belong to nobody.
 */
export function fabricatePii(seed: string, pools: PiiPools): FabricatedPii {
  if (seed === '') throw new AppError('INPUT_INVALID', 'the PII seed is empty');
  if (pools.addresses.length === 0 || pools.cityStates.length === 0) throw new AppError('CONFIG_INVALID', 'the PII pools are empty');
  const area = 900 + below(seed, 'ssn/area', 100);
  const group = 1 + below(seed, 'ssn/group', 49);
  const serial = 1 + below(seed, 'ssn/serial', 9_999);
  const dob = new Date(DOB_FIRST + below(seed, 'dob', DOB_DAYS) * 86_400_000).toISOString().slice(0, 10);
  const cityState = pick(seed, 'city', pools.cityStates);
  // Pools from loadPiiPools always end in a state code; a hand-built one falls back to its initial.
  const prefix = (CITY_STATE.exec(cityState)?.[1] ?? cityState).charAt(0).toUpperCase();
  return {
    ssn: `${area}-${pad(group, 2)}-${pad(serial, 4)}`,
    ssnLast4: pad(serial, 4),
    dob,
    address: pick(seed, 'address', pools.addresses),
    cityState,
    driversLicense: `${prefix}${pad(below(seed, 'licence', 10_000_000), 7)}`,
  };
}
