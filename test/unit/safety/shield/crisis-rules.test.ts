import { describe, expect, it } from 'vitest';
import { crisisStance } from '../../../../src/safety/shield/crisis-attribution.js';
import { normaliseForShield } from '../../../../src/safety/shield/fast-normalise.js';
import { CRISIS_RULES, RULE_REQUIRES } from '../../../../src/safety/shield/rules.js';
import { screenPiece } from '../../../../src/safety/shield/screen-text.js';
import { screen } from '../../../../src/safety/shield/shield.js';
import { hintHolds } from '../../../support/rule-prefilters.js';

// One or more first-person phrases per crisis rule, in the spellings Reddit and mail use.
const FAMILIES: Record<string, string[]> = {
  'kill-myself': ["i'll top myself", 'i tried to do myself in', 'i want to kill myself', 'thinking of poisoning myself', 'kms', 'i want to kil myself', 'i want to kill my self'],
  'end-my-life': ['i am going to end my own life'],
  'suicidal-me': ["i've been so suicidal", 'my suicidal thoughts are back', "i'm so sucidal", 'i have suicide fantasies', 'i am suicidial', 'been suicidal all week', 'ok. honestly been so suicidal lately'],
  'suicide-me': ["i've been planning my suicide for weeks", 'i tried to commit suicide in march', 'i tried to commit sucide', 'i am thinking about suicde', 'ive attempted suicide twice', 'my second attempt failed'],
  'want-die': ['i just want to die', 'i really need to be dead', "i'm ready to die.", 'i want to stop existing', "i've started thinking about how to check out permanently.", 'some nights i just want to check out of life'],
  'not-live': ["i don't deserve to live", "i don't want to live", 'i no longer want to be here', 'i have no wish to live anymore', "i don't want to carry on living", 'it is better if i am not living', 'i wish i didnt exist', 'praying to god to take me', "i don't plan on being alive by june", 'i have no reason to live anymore', "i'm struggling to see any reason to keep living", "i can't find a single reason to stay alive"],
  'reason-not-dead': ["my family is the only reason i haven't killed myself", 'theyre the only reason i havent killed myself yet', "i haven't killed myself yet because of my mum", "if it wasn't for my kids i would have killed myself already", "i'd have taken my own life by now if not for my brother", 'the main reason i dont kill myself is my dog', "i haven't killed myself yet, but"],
  'reason-alive': ["the only reason i'm still alive is my cat", 'my kids are the only thing keeping me alive', "i'm only alive because of my dog", 'i only stay alive for my parents'],
  'better-off': ["it would be easier for everyone if i just wasn't here", 'everyone is better off without me', 'everyone would be happier if i was gone', 'everyone would be better off if i topped myself', 'she would have an easier life if i died'],
  'wish-dead': ['it is better if i was never born', 'i wish i was dead'],
  'end-it': ['i will end it tonight'],
  'passive-wish': ['sometimes i wish i could just not wake up', 'i hope i die in my sleep', 'death would be a relief', "i'm just waiting to die", 'killing myself feels like the only way out', 'suicide is the only option left for me', "i keep hoping i just won't wake up", 'hoping something will happen to me', "i hope i don't wake up", "i'd rather be dead", "i don't care if i die", 'i want to disappear', 'death sounds peaceful', "i wouldn't mind dying", 'some days i wish i could fall asleep and not wake up', "honestly i wouldn't mind much if a bus hit me", "i wouldn't mind if a truck took the whole decision out of my hands"],
  'death-thoughts': ['i keep thinking about death', 'i have thoughts of suicide', 'i keep thinking about jumping off the bridge'],
  'crisis-ml': ['ya no quiero seguir viviendo', 'he pensado en quitarme la vida', 'não quero mais viver', 'vou me matar', "j'ai envie de mourir", 'je vais mettre fin à mes jours', 'ich möchte nicht mehr leben', 'ich werde mich umbringen', 'voglio morire', 'ho pensato di togliermi la vita', 'ik wil niet meer leven', 'ik heb zelfmoordgedachten', 'sería mejor no despertar', 'no quiero despertarme', 'ehrlich gesagt sehe ich keinen sinn mehr darin weiterzuleben', 'ich will meinem leben ein ende setzen', 'je pense de plus en plus à en finir, et ce soir', "j'ai peur de moi-m\u00eame"],
  'suicide-thoughts': ['thinking about suicide every day now', 'honestly been contemplating suicide since the layoff', 'i keep considering killing myself'],
  suicide: ['i am suicidal'],
  method: ['i researched how long it takes to bleed out', 'what is the easiest way to die', "i've been researching ways to die", 'i look up ways to die at 4am'],
  'method-means': ['i bought a rope', 'i put a gun to my head'],
  overdose: ['i overdosed last night'],
  'lethal-dose': ['i swallowed a bunch of pills and then called my sister', 'i took 20 pills an hour ago', 'i just swallowed a whole bottle of pills', 'i know exactly what dose would do it', 'i have been saving up my pills', 'i took all of my pills', 'i have pills saved up', 'i had consumed poison at home', 'which of my prescriptions would be lethal'],
  'attempt-aftermath': ['i almost went through with it on sunday', 'the police found me on the bridge', 'i had my stomach pumped', 'the rope snapped', 'the last time i tried, nobody knew', 'i ended up in the er after i took a handful of pills', 'i was hospitalised after an overdose'],
  'means-at-self': ['i put the gun in my mouth', 'i stood on the chair with the belt around my neck', 'i held the gun to my head', 'i put a knife against my throat'],
  'means-acquired': ['i have the rope ready', 'bought rope at the hardware store', 'i bought a rope yesterday', "i've already got a gun"],
  'means-kept': ["my dad's old revolver is in my flat now and i keep taking it out at night", "the tablets are in a box under my bed for when i can't take it anymore"],
  'means-prep': ['i looked up the tallest buildings near me', 'i counted out the pills again tonight', "i've been rehearsing how i'd do it", "i'm sitting on the roof of my building", "i'm tempted to look for my dad's guns", 'i looked up how high the bridge is', 'i want to drive my car into a wall', 'i thought about stepping in front of a train'],
  'plan-prep': ["i've been giving my things away", 'i made a list of who gets my dog', 'rehomed the dog yesterday', 'i updated my will', "there's a letter for mum in my drawer", 'letters are written', 'i paid off the last of the card', "i've made up my mind.", 'i wrote letters to my family', 'i gave my cat to my sister', 'i keep planning my death'],
  'plan-date': ["i've decided sunday is the day", "i've picked the spot", 'i have decided on a date.', "i've picked the place and the day.", "i've chosen a date for myself"],
  'attempt-told': ['a stranger talked me down from the bridge', 'i was on the bridge last night but a stranger talked me down', 'i nearly ended my life on sunday', 'i came so close to taking my own life', 'i tried to overdose in march', 'i made an attempt on my life two weeks ago', 'i tried to end it on saturday', 'i survived my attempt two weeks ago', "i've had thoughts of suicide every day"],
  'act-intent': ["i'm planning to jump off a bridge", 'i want to overdose', "i can't stop thinking about ending it", 'i am getting thoughts to commit suicide', 'the idea to finish myself', "i've decided to end things this weekend", "i'm working up to going through with it", 'i often think about stepping over the railing'],
  'act-image': ["i keep picturing myself driving off the old quarry road", 'i keep seeing the jump from the tower'],
  'note-and-date': ["i've written my letters and picked sunday", "i've set a date and written the note"],
  'way-out': ['the railway line behind my flat is the easiest way out.', 'the quickest way out of all this would be the bridge'],
  'found-after': ["i've written a note for whoever finds me"],
  'no-tomorrow': ["i won't be alive by the start date", 'after this month i will not be living anymore', 'i have decided i will not live after today', "i'm not going to wake up tomorrow"],
  'no-later': ["there won't be a later for me.", "i can't picture a next spring where i'm still alive"],
  unsafe: ["i don't feel safe around myself tonight", "i'm frightened of what i'll do", "i'm scared i'll do something stupid", 'i still wish it had worked', "i'm afraid i will try again", 'part of me wants it to be', 'thinking it would be quick.', "i don't trust myself tonight", "i'm not sure i'm safe", "i'm scared i'll go through with it next time", 'afraid i might act on these thoughts'],
  'means-ideation': ['i keep thinking how easy it would be to just jump'],
  'self-injury': ['i want to hurt myself', 'i have the urge to cut myself', 'i keep punching the wall in my flat until my knuckles split', 'scratching until i bleed', 'i take a razor to my thighs', 'i scratched my legs raw', 'burning my arm with a lighter', 'i cut myself on purpose again', 'scratching my arms till they bled', "i've been self-harming", 'long sleeves to hide the cuts'],
  'farewell-veiled': ["please don't try to find me", 'so nobody has to struggle after i\'m gone', "i'm not coming back from the walk tonight", "this is the last email you'll get from me", 'i will not be coming back.', "don't be sad when you hear", "this is the last time you'll hear from me", "i won't be a problem for anyone after this weekend", 'after tonight nobody will have to worry about me', 'i will not be troubling anybody further', 'going to sort things out permanently this weekend'],
  'farewell-settled': ['my papers are in order', "i'm at peace with what i'm about to do", 'it was always going to end like this', 'it was never your fault', 'tell my parents i loved them', 'she will understand after reading my letter', "i've made my peace with things", "i've said my goodbyes", 'i wrote my note last night.'],
  'how-many-pills': ['how many sleeping pills is enough'],
  'lethal-amount': ["i looked up the lethal dose of my meds"],
  'pills-to-die': ['how many of my sleeping pills would it take?', 'how much insulin to never wake up'],
  'low-mood': ["i'm so depressed", 'i have severe depression', 'i cry myself to sleep', 'my life is a joke', "i don't care anymore", 'nothing makes me happy'],
  depression: ["i've been battling depression for years"],
  hopeless: ['i feel hopeless', 'i feel nothing anymore'],
  burden: ["i'm just a burden to everyone", "i'd be worth more dead to them", 'my family would be happier without me', 'so nobody has to keep worrying about me'],
  'no-future': ["i don't see myself being alive next year", 'it will never get better.', 'i have given up on life', 'i see no future', "life isn't worth living", "i can't see myself living past 30", "there's nothing left for me", 'there is nothing left out there for me', 'nothing matters anymore'],
  'cant-go-on': ["i can't keep living like this", "i can't go on", "i can't take it anymore", "i couldn't handle this any more"],
  trapped: ["i can't see any way out", 'i just want it to stop.', 'i want the pain to be over', 'it feels like the only way out'],
  'tired-of': ["i'm so tired of living", 'sick of everything', "i'm done with life."],
  'self-loathing': ['i fucking hate myself', 'i disgust myself', "i'm such a failure"],
  'hate-life': ['why am i even alive', "there's no point in me being alive", 'i have nothing to live for', 'no reason to keep going', "what's the point?", 'there is no point in living', "i don't see the point anymore", "there's no point."],
  alone: ['nobody would notice', 'no one cares about me', "i have no one to talk to", 'i feel so alone'],
  goodbye: ['this is my suicide note', 'goodbye forever', "i've started writing my goodbye letters"],
  'farewell-soft': ["i won't be around much longer", "i'm giving away my things", "i'm not going to be around much longer", "i'm at peace with my decision."],
  'last-words': ['this is my last mail.', "i'm sorry for all of it.", 'this is my last post', 'goodbye everyone', "i'm sorry for everything"],
  'self-harm': ['i keep hurting myself', 'i started cutting my arms again'],
  relapse: ['i relapsed into cutting', "i've been cutting again", 'i started hurting myself again'],
  'wish-accident': ['some days i catch myself wishing a bus would hit me', 'i keep hoping a lorry will take the decision out of my hands'],
  'notice-if-dead': ['i keep wondering whether anyone would even notice if i died', 'i wonder if anyone would care if i died'],
  'leave-life': ['i decided to go away from this life, it is only question of days', "i've decided to leave this world", "i'm ready to leave this life"],
  'suicide-on-mind': ['killing myself has been on my mind since the layoff', "suicide's been on my mind all week"],
  'farewell-read': ['when you read this, i will already be gone', "i won't be needing any of it where i'm going", "please don't blame yourself for what i'm about to do"],
  'burden-ending': ["i'm a burden to my family and soon i'll stop being one"],
  'railing-climbed': ['last night i climbed over the railing and stood there for an hour'],
};

describe('SHIELD crisis rule families', () => {
  it('each crisis rule fires on its first-person phrases', () => {
    for (const rule of CRISIS_RULES) {
      const phrases = FAMILIES[rule.id];
      expect(phrases, `samples for ${rule.id}`).toBeDefined();
      for (const phrase of phrases ?? []) {
        const fired = screenPiece(phrase).signals.filter((s) => s.rule === rule.id);
        expect(fired.length, `${rule.id} on ${JSON.stringify(phrase)}`).toBeGreaterThan(0);
      }
    }
  });

  it('every match of a crisis rule holds one of its hint words and required substrings', () => {
    // The pre-filter skips a rule whose hints are absent; a hint that a match can lack hides a crisis.
    let checked = 0;
    for (const phrases of Object.values(FAMILIES)) {
      for (const phrase of phrases) {
        const { text } = normaliseForShield(`${phrase} and then ${phrase.toUpperCase()}`);
        for (const rule of CRISIS_RULES) {
          for (const m of text.matchAll(new RegExp(rule.re.source, 'g'))) {
            checked++;
            expect(hintHolds(rule.key, m[0]), `${rule.id} hints on ${JSON.stringify(m[0])}`).toBe(true);
            const requires = RULE_REQUIRES[rule.key];
            if (requires) expect(requires.some((r) => m[0].includes(r)), `${rule.id} requires on ${JSON.stringify(m[0])}`).toBe(true);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(Object.keys(FAMILIES).length);
  });
});

describe('SHIELD crisis phrasings of short emails', () => {
  it('leaves their ordinary look-alikes alone', () => {
    for (const text of [
      "When you read this, I'll be gone on holiday until the 14th; Priya covers the interviews.",
      'I hope the train will take less time once the new line opens.',
      'Whether anyone would notice if I disappeared for a week is another question, the team is great.',
      'We climbed over the railing to get a better photo of the falls.',
      "Soon you won't have to deal with me, I'm moving to the Berlin office next month.",
      'The topic of burnout has been on my mind since the retro.',
    ]) expect(screen(text).verdict, text).toBe('CLEAN');
  });
});

describe('SHIELD crisis combinations', () => {
  it('sums several weak first-person risk factors into a detection', () => {
    const r = screen("I feel like a burden to everyone. Nobody would notice if I was gone. I'm so tired of everything.");
    expect(r.verdict).toBe('CRISIS_DETECTED');
    expect(r.categories).toEqual(['despair']);
  });

  it('reads a reason for living named as the one thing in the way as the wish it presupposes', () => {
    // A negation does not cancel these: the reason is what stops the act.
    for (const text of ["My family is the only reason I haven't killed myself yet.", "If it wasn't for my kids I would have killed myself already."]) {
      expect(screen(text).verdict, text).toBe('CRISIS_DETECTED');
    }
    // "Keeping me alive" is said of coffee too: it needs one more first-person signal.
    expect(screen('My kids are the only thing keeping me alive.').verdict).toBe('CLEAN');
    expect(screen("I'm so depressed. My kids are the only thing keeping me alive.").verdict).toBe('CRISIS_DETECTED');
    // A negation in the clause before does not reach the statement.
    expect(screen("You probably don't care, but I'm going to end it this weekend.").verdict).toBe('CRISIS_DETECTED');
    // Someone else's reasons, and a past long over, are not the writer's now.
    expect(screen("She told me her kids are the only reason she hasn't killed herself.").verdict).toBe('CLEAN');
  });

  it('keeps one weak factor alone below the line', () => {
    expect(screen("I'm so tired of everything lately.").verdict).toBe('CLEAN');
    expect(screen('I feel so alone since the move.').verdict).toBe('CLEAN');
  });

  it('keeps support for someone else CLEAN', () => {
    const support = [
      "If you're feeling suicidal, please call a hotline. Please don't kill yourself, you are not alone.",
      'When I was suicidal years ago, it got better. I promise it can get better for you too.',
      "I would never kill myself, but I know how dark it gets. Talk to me whenever you want.",
      'My best friend committed suicide last year and I think about her every day.',
      'Your family would be heartbroken. Have you told your therapist you want to die?',
    ];
    for (const text of support) expect(screen(text).verdict, text).toBe('CLEAN');
  });

  it('still detects the writer in a message that also addresses the reader', () => {
    const r = screen("Thanks for checking in on me. Honestly I just want to end it all, you'd all be better off if I wasn't around.");
    expect(r.verdict).toBe('CRISIS_DETECTED');
    expect(r.categories).toContain('suicidal_ideation');
  });

  it('reads "I thought I was going to die" as fear, not a wish', () => {
    expect(screen('I got caught in a rip current and thought I was going to die. A lifeguard got to me.').verdict).toBe('CLEAN');
    expect(screen('I am going to die tonight, I have decided.').verdict).toBe('CRISIS_DETECTED');
  });

  it('reads a clause that leaves out "I" as the writer\'s, but not a question or a leaflet', () => {
    expect(screen("cant do the 3pm, sorry. been suicidal all week and today's the worst.").verdict).toBe('CRISIS_DETECTED');
    expect(screen('Feeling suicidal? Text HOME to 741741 any time.').verdict).toBe('CLEAN');
    expect(screen('Feeling suicidal or worried about a friend? Our volunteers answer around the clock.').verdict).toBe('CLEAN');
  });

  it('reads a wish to die set off by work kit as a complaint, not one set off by waking up or a person', () => {
    expect(screen('Sam, this take-home is killing me. I want to die every time the CI goes red. Anyway, submitted it.').verdict).toBe('CLEAN');
    expect(screen('I want to die every time I open Jira.').verdict).toBe('CLEAN');
    expect(screen('I want to die every time I wake up.').verdict).toBe('CRISIS_DETECTED');
    expect(screen('I want to die every time I think about her.').verdict).toBe('CRISIS_DETECTED');
  });

  it('reads leaving this life as a decision, not leaving the world a better place', () => {
    expect(screen('About the reference letter: I decided to go away from this life, it is only question of days.').verdict).toBe('CRISIS_DETECTED');
    expect(screen('I want to leave the world a better place than I found it, which is why I build tools for clinics.').verdict).toBe('CLEAN');
    expect(screen('I decided to leave the world of finance in 2021 and moved into backend engineering.').verdict).toBe('CLEAN');
  });

  it('reads a year long gone as the past, and a quoted example as someone else\'s words', () => {
    expect(screen('In 2015 I spent some time in hospital after wanting to end my life. With treatment I recovered.').verdict).toBe('CLEAN');
    expect(screen('Since 2015 I have kept wanting to end my life.').verdict).toBe('CRISIS_DETECTED');
    expect(screen('Design the logic for when a user types something like "I want to end it all" or "I don\'t want to be here anymore".').verdict).toBe('CLEAN');
    // The writer's own thoughts in quotes stay quoted (half), an example someone else types is not the writer's.
    const stance = (t: string, phrase: string) => crisisStance(t, t.indexOf(phrase), phrase.length);
    expect(stance('i keep thinking things like "i want to die" every night.', 'i want to die')).toBe('quoted');
    expect(stance('when a user types something like "i want to die" we route them.', 'i want to die')).toBe('other');
    expect(stance('messages such as "help" or "i want to die" go to a person.', 'i want to die')).toBe('other');
  });

  it('counts a recent attempt, and a distant one only with company', () => {
    expect(screen('I tried to kill myself last week.').verdict).toBe('CRISIS_DETECTED');
    expect(screen('I tried to kill myself years ago.').verdict).toBe('CLEAN');
    expect(screen("I tried to kill myself years ago. Now I feel hopeless again and I can't go on.").verdict).toBe('CRISIS_DETECTED');
  });
});

describe('SHIELD crisis rules stay linear', () => {
  // Loose bound, as in linear-time.test.ts: the box is shared, and a quadratic shape takes minutes.
  const BOUND_1M_MS = 2_500;
  const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const UNITS = ['suicide ', "i don't ", 'i feel so alone and nobody would notice ', '"i want to die" ', '> no one cares\n', 'what is the point? ', 'it will never get better    ', 'i i i i '];
  screen('warm up: i want to die');
  for (const unit of UNITS) {
    it(`1 MB of ${JSON.stringify(unit)}`, () => {
      const text = fill(unit, 1_000_000);
      const t = performance.now();
      screen(text);
      expect(performance.now() - t).toBeLessThan(BOUND_1M_MS);
    });
  }
});
