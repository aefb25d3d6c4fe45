import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/shared/backoff.js';

const pinned = (v: number) => () => v;

describe('backoffDelay', () => {
  it('pinned random gives exact values (equal jitter: half fixed, half random)', () => {
    expect(backoffDelay(1, 1000, 60_000, pinned(0))).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, pinned(1))).toBe(1000);
    expect(backoffDelay(1, 1000, 60_000, pinned(0.5))).toBe(750);
    expect(backoffDelay(2, 1000, 60_000, pinned(0))).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, pinned(0.5))).toBe(3000); // ceiling 4000
    expect(backoffDelay(4, 1000, 60_000, pinned(0.25))).toBe(5000); // ceiling 8000
  });

  it('rounds to whole milliseconds', () => {
    expect(backoffDelay(1, 15, 1000, pinned(0.3))).toBe(10); // 7.5 + 2.25 = 9.75
    expect(Number.isInteger(backoffDelay(5, 333, 100_000, pinned(0.123)))).toBe(true);
  });

  it('is capped at max', () => {
    expect(backoffDelay(30, 1000, 60_000, pinned(1))).toBe(60_000);
    expect(backoffDelay(30, 1000, 60_000, pinned(0))).toBe(30_000);
    expect(backoffDelay(7, 1000, 60_000, pinned(1))).toBe(60_000); // 64 000 capped
    expect(backoffDelay(6, 1000, 60_000, pinned(1))).toBe(32_000);
  });

  it('never exceeds max and never drops below half the ceiling, for any random value', () => {
    for (let attempt = 1; attempt <= 50; attempt++) {
      for (const r of [0, 0.1, 0.5, 0.999, 1]) {
        const d = backoffDelay(attempt, 1000, 300_000, pinned(r));
        const ceiling = Math.min(300_000, 1000 * 2 ** (attempt - 1));
        expect(d).toBeLessThanOrEqual(300_000);
        expect(d).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
      }
    }
  });

  it('the ceiling (random pinned to 1) is monotone in the attempt number', () => {
    let prev = 0;
    for (let attempt = 1; attempt <= 100; attempt++) {
      const d = backoffDelay(attempt, 250, 3_600_000, pinned(1));
      expect(d).toBeGreaterThanOrEqual(prev);
      prev = d;
    }
    expect(prev).toBe(3_600_000);
  });

  it('huge attempt numbers stay finite', () => {
    const d = backoffDelay(1_000_000, 1000, 300_000, pinned(1));
    expect(Number.isFinite(d)).toBe(true);
    expect(d).toBe(300_000);
  });

  it('attempt 0 or negative is treated as the first attempt', () => {
    expect(backoffDelay(0, 1000, 60_000, pinned(1))).toBe(1000);
    expect(backoffDelay(-3, 1000, 60_000, pinned(1))).toBe(1000);
  });

  it('uses Math.random by default and stays inside the window', () => {
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3, 1000, 60_000);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });
});
