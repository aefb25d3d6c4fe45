import { describe, expect, it } from 'vitest';
import { KeyedLock } from '../../../src/shared/keyed-lock.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedLock', () => {
  it('runs tasks with disjoint keys side by side and shared keys in acquire order', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = async (name: string, keys: string[]) => {
      const release = await lock.acquire(keys);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      release();
    };
    await Promise.all([task('a1', ['a']), task('b', ['b']), task('a2', ['a', 'x']), task('x', ['x'])]);
    // b starts beside a1; a2 waits for a1; x waits for a2 (they share x).
    expect(log.indexOf('start b')).toBeLessThan(log.indexOf('end a1'));
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start x')).toBeGreaterThan(log.indexOf('end a2'));
    expect(lock.size).toBe(0);
  });

  it('treats a repeated key as one', async () => {
    const lock = new KeyedLock();
    const release = await lock.acquire(['k', 'k']);
    let second = false;
    const p = lock.acquire(['k']).then((r) => {
      second = true;
      r();
    });
    await tick();
    expect(second).toBe(false);
    release();
    await p;
    expect(second).toBe(true);
  });
});
