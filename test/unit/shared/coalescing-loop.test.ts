import { describe, expect, it } from 'vitest';
import { CoalescingLoop } from '../../../src/shared/coalescing-loop.js';

describe('CoalescingLoop', () => {
  it('collapses kicks during a pass into exactly one more pass', async () => {
    let passes = 0;
    let release!: () => void;
    const loop = new CoalescingLoop(async () => {
      passes++;
      if (passes === 1) await new Promise<void>((r) => (release = r));
    }, () => undefined);
    loop.start();
    for (let i = 0; i < 5; i++) loop.kick();
    release();
    await loop.settled();
    expect(passes).toBe(2);
  });

  it('reports a failing pass and keeps working', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = new CoalescingLoop(async () => {
      passes++;
      if (passes === 1) throw new Error('boom');
    }, (err) => errors.push(err));
    loop.start();
    await loop.settled();
    loop.kick();
    await loop.settled();
    expect(passes).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('does nothing before start and after stop', async () => {
    let passes = 0;
    const loop = new CoalescingLoop(async () => {
      passes++;
    }, () => undefined);
    loop.kick();
    await loop.settled();
    expect(passes).toBe(0);
    loop.start();
    await loop.stop();
    loop.kick();
    await loop.settled();
    expect(passes).toBe(1);
    expect(loop.stopped).toBe(true);
  });
});
