import { describe, expect, it } from 'vitest';
import { normaliseForShield } from '../../../../src/safety/shield/fast-normalise.js';
import { crisisFeatures, features, scoreText, scorerModels, writerView } from '../../../../src/safety/shield/scorer.js';

const own = normaliseForShield("I can't sleep. I feel empty and I keep crying. My friends stopped calling me. Work is fine.").text;
const advice = normaliseForShield("You are not alone. Have you told your doctor how you feel? You can call me if you need to. I'm here.").text;

describe('SHIELD crisis scorer', () => {
  it('keeps the writer’s own sentences and measures how much the text is about the writer', () => {
    const v = writerView(own);
    expect(v.own).toContain("i can't sleep");
    expect(v.own).toContain('my friends stopped calling me');
    expect(v.own).not.toContain('work is fine');
    expect(v.focus).toBeGreaterThan(0.8);
    expect(writerView(advice).focus).toBeLessThan(0.3);
    expect(writerView('').focus).toBe(0);
  });

  it('scores the crisis model on the writer’s sentences plus two focus buckets', () => {
    const v = writerView(own);
    const f = crisisFeatures(v, scorerModels.bits);
    expect(f.slice(0, -2)).toEqual(features(v.own, scorerModels.bits));
    expect(f.length).toBe(features(v.own, scorerModels.bits).length + 2);
    // Texts with different focus land in different focus buckets.
    expect(crisisFeatures(writerView(advice), scorerModels.bits).slice(-2)).not.toEqual(f.slice(-2));
  });

  it('is never sure about a text addressed to the reader', () => {
    expect(scorerModels.crisis.sureFocus).toBeGreaterThan(0);
    expect(scorerModels.crisis.sureFocus).toBeLessThan(1);
    const s = scoreText(advice);
    expect(s.crisis).toBeGreaterThanOrEqual(0);
    expect(s.crisis).toBeLessThanOrEqual(1);
    expect(s.crisisSure).toBe(false);
  });

  it('is sure only above its high threshold', () => {
    const s = scoreText(own);
    expect(s.crisisSure).toBe(s.crisis >= scorerModels.crisis.high && writerView(own).focus >= (scorerModels.crisis.sureFocus ?? 2));
  });
});
