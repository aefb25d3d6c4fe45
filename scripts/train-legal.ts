/**
 * Trains the legal-threat model (src/safety/legal-weights.json; docs/safety.md, "Legal threats").
 *
 * It reads only sentences that hold a listed legal term (config/safety/legal-terms.txt), each with
 * the sentences before and after it. Positives: those sentences in the threats of our invented
 * sets (test/fixtures/escalation/), except the yardsticks. Negatives: the same sentences in their
 * look-alikes and in the invented recruiter mail of test/fixtures/intents/ (each counted three
 * times: they are the mail Hermes reads) and,
 * when ../shared/eval is present, in the training share of the LLMail benign emails, the jackhhao
 * benign prompts, the C-SSRS Supportive users and the SpamAssassin ham (the 30% `heldOut` share
 * stays unseen and is reported below).
 *
 * The threshold comes from leaving each invented set out in turn: it sits just above the highest
 * score any left-out look-alike gets where no cue matched, so on mail it has not seen the model
 * adds what it adds without a look-alike of ours escalated.
 *
 * Run: npx tsx scripts/train-legal.ts   (deterministic; rewrites the weights file)
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEmail } from '../src/parse/parse-email.js';
import { loadEscalationLists } from '../src/safety/escalation.js';
import { findLegalThreat, legalModelProbability, readLegal, termSentences, type LegalModel } from '../src/safety/legal-threat.js';
import { features } from '../src/safety/shield/scorer.js';
import { EVAL, type Example, FIXTURES, HARD_NEGATIVE_WEIGHT, heldOut, intentTexts, loadDevData, sparse, train } from './train-shield.js';

const OUT = path.resolve(import.meta.dirname, '../src/safety/legal-weights.json');
const BITS = 15;
const KEEP = 3_000;
/** Never trained on: their threats were never read either (test/fixtures/escalation/README.md). */
const LEGAL_YARDSTICKS = new Set(['legal-threats-7.jsonl', 'legal-threats-10.jsonl', 'legal-threats-13.jsonl']);
/** How far above the highest left-out look-alike the threshold stays before rounding up. */
const MARGIN = 0.005;

const lists = loadEscalationLists(path.resolve(import.meta.dirname, '../config'));

interface Mail {
  source: string;
  threat: boolean;
  text: string;
  /** Recruiting mail written by us: a look-alike or an invented recruiter email. */
  hard: boolean;
}

function legalSets(): Mail[] {
  const dir = path.join(FIXTURES, 'escalation');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { label: boolean; text: string })
        .map((r) => ({ source: f, threat: r.label, text: r.text, hard: true })),
    );
}

/** Our invented recruiter mail; the few the cues call threats are left out rather than guessed at. */
function intents(): Mail[] {
  return intentTexts()
    .filter((t) => findLegalThreat(t, lists.legalTerms, { useModel: false }) === null)
    .map((text) => ({ source: 'intents', threat: false, text, hard: true }));
}

/** Ordinary text from ../shared/eval, all of it; callers split it with `heldOut`. */
async function devNegatives(): Promise<Mail[]> {
  const d = loadDevData();
  const out: Mail[] = [
    ...d.llmail.map((text) => ({ source: 'llmail', threat: false, text, hard: false })),
    ...d.jailbreakBenign.map((text) => ({ source: 'jackhhao benign', threat: false, text, hard: false })),
    ...(d.crisisByLabel.Supportive ?? []).map((text) => ({ source: 'supportive', threat: false, text, hard: false })),
  ];
  const ham = path.join(EVAL, 'emails/spamassassin_sample');
  for (const sub of readdirSync(ham).filter((s) => s.includes('ham')).sort()) {
    for (const f of readdirSync(path.join(ham, sub)).sort()) {
      const e = await parseEmail(readFileSync(path.join(ham, sub, f)));
      out.push({ source: 'spamassassin ham', threat: false, text: `${e.subject ?? ''}\n${e.text}`, hard: false });
    }
  }
  return out;
}

/** The contexts the model reads in a mail: sentences with a listed term. */
function contexts(text: string): string[] {
  return termSentences(text, lists.legalTerms)
    .filter((s) => s.term !== undefined)
    .map((s) => s.context);
}

function examplesOf(mails: Mail[]): Example[] {
  return mails.flatMap((m) =>
    contexts(m.text).map((c) => ({ feats: features(c, BITS), y: m.threat ? 1 : 0, weight: m.hard && !m.threat ? HARD_NEGATIVE_WEIGHT : 1, chars: c.length })),
  );
}

function fit(mails: Mail[]): LegalModel {
  const data = examplesOf(mails);
  const { bias, w } = train(data);
  const m = sparse(bias, w, [], KEEP);
  return { bits: BITS, bias: m.bias, threshold: 1, w: m.w };
}

/**
 * How the detector reads `text` with `model` (as `findLegalThreat` does with the committed one):
 * whether the cues escalate it, and the highest score the model gives a sentence left to it.
 */
function read(model: LegalModel, text: string): { cues: boolean; p: number } {
  const r = readLegal(text, lists.legalTerms);
  return { cues: r.cue !== null, p: Math.max(0, ...r.unmarked.map((u) => legalModelProbability(u.context, model))) };
}

async function main(): Promise<void> {
  if (!existsSync(EVAL)) {
    console.log(`${EVAL} is not here: the legal-threat model trains on its ordinary text too. Weights left as they are.`);
    return;
  }
  const sets = legalSets();
  const own = sets.filter((m) => !LEGAL_YARDSTICKS.has(m.source));
  const ordinary = [...intents(), ...(await devNegatives())];
  const base = [...own, ...ordinary.filter((m) => m.source === 'intents' || !heldOut(m.text))];

  // Leave each invented set out: the threshold sits above every left-out look-alike.
  const names = [...new Set(own.map((m) => m.source))];
  const left: Array<{ threat: boolean; cues: boolean; p: number }> = [];
  for (const name of names) {
    const model = fit(base.filter((m) => m.source !== name));
    for (const m of own.filter((x) => x.source === name)) left.push({ threat: m.threat, ...read(model, m.text) });
  }
  const hardest = Math.max(0, ...left.filter((x) => !x.threat && !x.cues).map((x) => x.p));
  const threshold = Math.ceil((hardest + MARGIN) * 100) / 100;
  const model = { ...fit(base), threshold };
  writeFileSync(OUT, `${JSON.stringify(model)}\n`);

  const missed = left.filter((x) => x.threat && !x.cues);
  console.log(`legal-threat model: ${Object.keys(model.w).length} weights, threshold ${threshold} (highest left-out look-alike ${hardest.toFixed(3)})`);
  console.log(`each of ${names.length} sets left out in turn: the model adds ${missed.filter((x) => x.p >= threshold).length} of the ${missed.length} threats the cues miss`);
  for (const source of ['llmail', 'jackhhao benign', 'supportive', 'spamassassin ham']) {
    const held = ordinary.filter((m) => m.source === source && heldOut(m.text));
    console.log(`held out, ${source}: ${held.filter((m) => read(model, m.text).p >= threshold).length} of ${held.length} escalated by the model`);
  }
}

if (process.argv[1] === import.meta.filename) await main();
