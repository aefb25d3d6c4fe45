import { describe, expect, it } from 'vitest';
import { attributeCrisis, crisisStance, type CrisisStance, type PhraseVoice } from '../../../../src/safety/shield/crisis-attribution.js';
import { normaliseForShield } from '../../../../src/safety/shield/fast-normalise.js';
import type { Signal } from '../../../../src/safety/shield/screen-text.js';

/** The stance of `phrase` inside `sentence`, both read through SHIELD's normaliser. */
function stanceOf(sentence: string, phrase: string, voice?: PhraseVoice): CrisisStance {
  const text = normaliseForShield(sentence).text;
  const at = text.indexOf(phrase);
  if (at < 0) throw new Error(`${phrase} not in ${text}`);
  return crisisStance(text, at, phrase.length, voice);
}

describe('crisisStance', () => {
  const cases: Array<[string, string, PhraseVoice | undefined, CrisisStance]> = [
    ['I want to kill myself.', 'kill myself', undefined, 'writer'],
    ['Honestly I just want to end it all tonight.', 'end it all', undefined, 'writer'],
    ['You make me want to kill myself.', 'kill myself', undefined, 'writer'],
    ["I love you and don't want to live anymore.", "don't want to live", undefined, 'writer'],
    ['I would never kill myself, I promise.', 'kill myself', undefined, 'negated'],
    // A negation does not reach past a comma or a clause joiner ("but", "then"…), except "never, ever".
    ["You probably don't care, but I'm going to end it this weekend.", 'going to end it', undefined, 'writer'],
    ["I don't think you understand, I really want to die.", 'i really want to die', undefined, 'writer'],
    ['I would never, ever kill myself.', 'kill myself', undefined, 'negated'],
    ["If you don't reply then I'll kill myself.", 'kill myself', undefined, 'conditional'],
    // "If I'm honest" frames what follows as candid; a real condition in the same clause still counts.
    ["If I'm honest I want to kill myself.", 'kill myself', undefined, 'writer'],
    ["If I'm being really honest I want to die.", 'want to die', undefined, 'writer'],
    ["If I'm honest, if this falls through I'll kill myself.", 'kill myself', undefined, 'conditional'],
    ['I know you want to die right now.', 'want to die', undefined, 'addressed'],
    ["Don't end it tonight, please.", 'end it tonight', undefined, 'addressed'],
    ["Don't want to live anymore? Then talk to someone.", "don't want to live", undefined, 'addressed'],
    ['My brother committed suicide last year.', 'suicide', 'topic', 'other'],
    ['We all feel hopeless sometimes.', 'hopeless', undefined, 'other'],
    ['I was suicidal years ago but it got better.', 'suicidal', 'topic', 'resolved'],
    // Laughter right after the phrase is a joke, unless the writer says they mean it.
    ['died to the same boss 37 times i want to die lmaooo. ok one more try', 'want to die', undefined, 'hyperbole'],
    ['i want to die haha this exam', 'want to die', undefined, 'hyperbole'],
    ['everyone would be better off without me lol im serious tho', 'better off without me', undefined, 'writer'],
    // A better future denied is hopelessness, not recovery; "glad I'm dead" is no relief.
    ['It makes me want to disappear with no chance that things will get better.', 'want to disappear', undefined, 'writer'],
    ["I want to disappear, it won't ever get better.", 'want to disappear', undefined, 'writer'],
    ["I'd point it at my head and I'm glad I'm dead.", 'at my head', undefined, 'writer'],
    ['I wanted to disappear but it got better.', 'wanted to disappear', undefined, 'resolved'],
    ['The driver swerved into a tree.', 'swerved into a tree', 'topic', 'unattributed'],
    ['When I was 14 I wanted to end my life.', 'end my life', undefined, 'past'],
    ['If I ever feel suicidal I call my sister.', 'suicidal', 'topic', 'conditional'],
    ["I'd rather die than work there again.", 'die', undefined, 'hyperbole'],
    ["I'm contemplating suicide by old age.", 'contemplating suicide', undefined, 'hyperbole'],
    ['I know the easiest way to die. To die of old age.', 'easiest way to die', undefined, 'hyperbole'],
    ['Everyone heard it, I want to die of embarrassment.', 'want to die', undefined, 'hyperbole'],
    ['I could die from the shame of it.', 'die', undefined, 'hyperbole'],
    ['I want to die, of everything I feel only the shame is left.', 'want to die', undefined, 'writer'],
    ['I want to die, I am so tired of all of it.', 'want to die', undefined, 'writer'],
    ['She told me about the idea that no one would care.', 'no one would care', undefined, 'other'],
    ['"I want to die" is what she wrote.', 'want to die', undefined, 'quoted'],
    ['> I want to die\nThat sounds awful, call me.', 'want to die', undefined, 'quoted'],
    ['My playlist: 1. [I Just Want To Disappear - The Gloomtones](https://example.com/v/1) 2. [Rain](https://example.com/v/2)', 'want to disappear', undefined, 'quoted'],
    ['I just want to disappear [see my last post](https://example.com/p/1)', 'want to disappear', undefined, 'writer'],
    ['[mood] I just want to disappear today.', 'want to disappear', undefined, 'writer'],
    ['Suicide is never the answer.', 'suicide', 'topic', 'unattributed'],
    ['I think it takes courage to talk openly about suicide.', 'suicide', 'topic', 'unattributed'],
    ['How many pills would be a lethal dose?', 'lethal dose', 'question', 'writer'],
    ['I attempted suicide last week.', 'suicide', 'topic', 'writer'],
    // A clause that opens on the phrase's participle leaves out its subject, the writer; not when
    // the participle is the subject of a verb later in the clause.
    ['Thinking about suicide every day now.', 'thinking about suicide', 'topic', 'writer'],
    ['Honestly been thinking about suicide a lot since the layoff.', 'thinking about suicide', 'topic', 'writer'],
    ['Hi Ruth, thinking about suicide a lot lately.', 'thinking about suicide', 'topic', 'writer'],
    ['Thinking about suicide all the time does sound exhausting.', 'thinking about suicide', 'topic', 'unattributed'],
    ['Thinking about suicide is normal for teenagers.', 'thinking about suicide', 'topic', 'unattributed'],
    ['Have you been thinking about suicide?', 'thinking about suicide', 'topic', 'addressed'],
    ['My brother keeps thinking about suicide.', 'thinking about suicide', 'topic', 'other'],
  ];
  for (const [sentence, phrase, voice, want] of cases) {
    it(`${want}: ${sentence}`, () => expect(stanceOf(sentence, phrase, voice)).toBe(want));
  }

  it('reads only the clause around the phrase', () => {
    // The negation belongs to the sentence before; the phrase stands in its own sentence.
    expect(stanceOf("I don't know. I want to kill myself.", 'kill myself')).toBe('writer');
    // A far-off "if" in a long run without punctuation is beyond reach of the clause scan.
    expect(stanceOf(`if ${'word '.repeat(60)}i want to kill myself`, 'kill myself')).toBe('writer');
  });
});

describe('attributeCrisis', () => {
  const signal = (text: string, rule: string, phrase: string, weight: number): Signal => ({
    rule,
    category: 'suicidal_ideation',
    kind: 'crisis',
    weight,
    offset: text.indexOf(phrase),
    length: phrase.length,
  });

  it('scales crisis matches by stance and drops those about someone else', () => {
    const text = normaliseForShield('I want to kill myself. When I was 12 I used to want to end my life. You are not suicidal, you said.').text;
    const signals: Signal[] = [
      signal(text, 'kill-myself', 'kill myself', 1),
      signal(text, 'end-my-life', 'end my life', 1),
      signal(text, 'suicidal-me', 'suicidal', 1),
      { rule: 'leet-crisis', category: 'crisis_leetspeak', kind: 'crisis', weight: 0.5, offset: 0, length: 1 },
      { rule: 'ignore', category: 'jailbreak_keyword', kind: 'jailbreak', weight: 1, offset: 0, length: 1 },
    ];
    attributeCrisis(text, signals);
    expect(signals.map((s) => [s.rule, s.weight])).toEqual([
      ['kill-myself', 1],
      ['end-my-life', 0.5],
      ['leet-crisis', 0.5],
      ['ignore', 1],
    ]);
  });

  it('gives an unattributed topic word to the writer only in a text about the writer', () => {
    const own = normaliseForShield('Suicide keeps coming back. I cry at night, I hate my job, I sleep all day and I am tired.').text;
    const advice = normaliseForShield('Thanks for your note. Suicide is hard to talk about, you know, and you did well to write to your sister.').text;
    const ownSignals = [signal(own, 'suicide', 'suicide', 0.25)];
    const adviceSignals = [signal(advice, 'suicide', 'suicide', 0.25)];
    attributeCrisis(own, ownSignals);
    attributeCrisis(advice, adviceSignals);
    expect(ownSignals[0]?.weight).toBe(0.25);
    expect(adviceSignals[0]?.weight).toBe(0.125);
  });
});
