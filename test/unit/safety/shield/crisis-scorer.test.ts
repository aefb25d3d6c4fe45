import { describe, expect, it } from 'vitest';
import { normaliseForShield } from '../../../../src/safety/shield/fast-normalise.js';
import { crisisFeatures, crisisScore, DISTRESS_WORDS, distressWords, features, scoreText, scorerModels, writerView } from '../../../../src/safety/shield/scorer.js';
import { CRISIS_MODEL_MAX_CHARS, DISTRESS_WORDS_FOR_MODEL, screenPiece } from '../../../../src/safety/shield/screen-text.js';
import { screen } from '../../../../src/safety/shield/shield.js';

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

describe('distress words beside the sure crisis model', () => {
  // Invented: someone in trouble who never names death or self-harm, and a helper's reply that
  // says the same things about the reader.
  const ownPost =
    "idk why im even posting this. ive been crying every night for weeks. my therapist moved away in the spring and i just stopped going. im exhausted all the time and i dont talk to anyone anymore, my friends stopped texting me months ago. i feel like such a failure and everything i touch gets worse. i just lie in bed after work and i cant make myself care about anything. my mom keeps asking whats wrong and i cant explain it to her. i dont know how much longer i can keep doing this.";
  const reply =
    'you have been crying every night for weeks. your therapist moved away in the spring and you just stopped going. you are exhausted all the time and you dont talk to anyone anymore. you are not a failure. please talk to your mom and tell her whats wrong, and find a new therapist. you can do this.';

  it('counts different whole distress words only', () => {
    expect(distressWords('i was crying, crying again, so tired and sad')).toBe(3);
    expect(distressWords('cutting-edge work, an exhaustive review, legal counsel, a dead-simple api')).toBe(1); // "dead" is a whole word
    expect(distressWords('')).toBe(0);
    expect(DISTRESS_WORDS.every((w) => /^[a-z]+$/.test(w))).toBe(true);
  });

  it('flags a first-person post with no crisis phrase when the model is sure and the writer uses several distress words', () => {
    const s = crisisScore(normaliseForShield(ownPost).text);
    expect(s.sure).toBe(true);
    expect(s.distress).toBeGreaterThanOrEqual(DISTRESS_WORDS_FOR_MODEL);
    const r = screen(ownPost);
    expect(r.verdict).toBe('CRISIS_DETECTED');
    expect(r.categories).toEqual(expect.arrayContaining(['despair', 'suicidal_ideation']));
  });

  it('leaves the same words addressed to the reader alone', () => {
    expect(crisisScore(normaliseForShield(reply).text).sure).toBe(false);
    expect(screen(reply).verdict).toBe('CLEAN');
  });

  it('does not read the model for first-person mail with fewer distress words', () => {
    // Two distress words ("crying", "exhausted") are not enough to wake the persona crisis model
    // without a crisis phrase. (The broad crisis model, which reads the words for being gone, still
    // reads this post: "i dont know how much longer i can keep doing this".)
    const fewer = ownPost.replace('my therapist moved away in the spring and i just stopped going. ', '').replace('such a failure', 'behind');
    expect(distressWords(writerView(normaliseForShield(fewer).text).own)).toBe(2);
    const rules = screenPiece(fewer).signals.map((s) => s.rule);
    expect(rules).not.toContain('distress-words');
    expect(rules).not.toContain('scorer-crisis');
    expect(screen("I'm tired of this painful migration and my team is exhausted. The old system is dead weight. Could we talk next week about the role?").verdict).toBe('CLEAN');
  });

  it('adds no model evidence to a piece longer than the models read; the rules still decide it', () => {
    // The same post over and over, as in a whole history of posts: each bucket counts once, so the
    // models are as sure of it as of the post alone, but past CRISIS_MODEL_MAX_CHARS a text is
    // read by the rules alone.
    const history = (n: number) => Array.from({ length: n }, (_, i) => `post ${i + 1}: ${ownPost}`).join('\n');
    const under = history(Math.floor(CRISIS_MODEL_MAX_CHARS / (ownPost.length + 12)));
    const over = history(Math.ceil(CRISIS_MODEL_MAX_CHARS / ownPost.length) + 1);
    expect(normaliseForShield(under).text.length).toBeLessThanOrEqual(CRISIS_MODEL_MAX_CHARS);
    expect(normaliseForShield(over).text.length).toBeGreaterThan(CRISIS_MODEL_MAX_CHARS);
    expect(crisisScore(normaliseForShield(over).text).sure).toBe(true);
    expect(screen(under).verdict).toBe('CRISIS_DETECTED');
    const models = ['scorer-crisis', 'scorer-crisis-alone', 'distress-words'];
    expect(screenPiece(over).signals.filter((s) => models.includes(s.rule))).toEqual([]);
    expect(screen(over).verdict).toBe('CLEAN');
    // A crisis phrase about the writer is found however long the text.
    expect(screen(`${over}\ni want to kill myself tonight`).verdict).toBe('CRISIS_DETECTED');
  });
});
