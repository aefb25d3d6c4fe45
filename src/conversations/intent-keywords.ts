import type { Intent, IntentInput } from './intents.js';
import { RESERVED_GITHUB_NAMES } from '../github/username-words.js';

/**
 * The deterministic intent classifier: used when AI is off and whenever the model's answer
 * cannot be used. Rules are tried in priority order and the first that fires decides; the order
 * encodes which intent matters most when a mail does several things at once (a rejection that
 * mentions the resume is a rejection; a PII form is a PII request; a resume request that also
 * wants a call is a phone request, because the call is what needs the star gate).
 *
 * Every pattern is a plain alternation with bounded repeats, run once per sentence, so the cost
 * is linear in the text. The text is expected without quoted history (InboundEmail.text).
 */
export function classifyByKeywords(input: IntentInput): { intent: Intent; confidence: number } {
  const doc = prepare(input);
  for (const rule of RULES) {
    const confidence = rule.test(doc);
    if (confidence > 0) return { intent: rule.intent, confidence };
  }
  // A fresh mail from a person that asks nothing in particular is, in this mailbox, a pitch; one
  // that does not even mention a job (season's greetings, a new address) is not.
  if (!input.isReply && any(doc.all, ROLE_WORDS) && !EVENT.test(doc.all)) return { intent: 'initial_contact', confidence: 0.5 };
  if (!input.isReply) return { intent: 'other', confidence: 0.35 };
  // A reply that asks the candidate something no rule names is, in a recruiting thread, most
  // often a screening question ("Would your family move with you?").
  if (doc.sentences.some((q) => q.endsWith('?') && TO_YOU.test(q) && ASKING.test(q) && !NOT_SCREENING.test(q))) return { intent: 'qualifying_question', confidence: 0.4 };
  return { intent: 'other', confidence: 0.3 };
}

/** Quoted history is already gone; what is left past this is signature noise and attachments. */
const MAX_CHARS = 20_000;

interface Doc {
  /** Lower-cased, quotes and dashes folded; for whole-text checks. */
  all: string;
  subject: string;
  /** Clauses split at line breaks and sentence ends; negations are looked for inside one. */
  sentences: string[];
  isReply: boolean;
}

function normalise(s: string): string {
  return s
    .normalize('NFKC')
    // Accents folded ("résumé", "Görlitzer"), so a pattern's \\b works on the plain letters.
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .toLowerCase();
}

function prepare(input: IntentInput): Doc {
  const subject = normalise(input.subject).replace(/^(?:(?:re|fwd?|aw|sv|antw)\s*:\s*)+/, '').trim();
  const text = normalise(input.text.slice(0, MAX_CHARS));
  // A reply's subject is the thread's first subject, so only a fresh mail's subject says what it wants.
  const body = input.isReply ? text : `${subject}\n${text}`;
  const sentences = body
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
  return { all: body, subject, sentences, isReply: input.isReply };
}

const any = (s: string, patterns: readonly RegExp[]): boolean => patterns.some((p) => p.test(s));

/** matchAll needs the g flag; the patterns are written without it for the single-test uses. */
const everyMatch = (patterns: readonly RegExp[]): RegExp[] => patterns.map((p) => new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`));

/** Words that, between a negation and the trigger, mean the negation is about something else. */
const CLAUSE_BREAK = /[,;:()]| but | just | only | instead | and /g;

/** "no need to send your resume", "we will never ask for your SSN", "please don't call". */
const NEGATED_BEFORE =
  /\b(?:no need|don't need|do not need|doesn't need|does not need|no longer need|not necessary|never (?:ask|need|request|share)|won't (?:ask|need)|will not (?:ask|need)|not (?:asking|looking) for|don't (?:send|share|call|bother|include)|do not (?:send|share|call|include)|already (?:have|got|received)|thanks for (?:sending|the)|thank you for (?:sending|the)|(?:saw|seen|reviewed|received|read|got) your|instead of|rather than|never|no)\b[^.]*$|(?:\bnot|n't|\bthanks for|\bthank you for|\bappreciate(?: you)?)\s*$/;

/** "SSN is not required", "a call isn't necessary". */
const NEGATED_AFTER = /^[^.]{0,30}?\b(?:(?:is not|isn't|are not|aren't|not) (?:needed|necessary|required|your thing)|(?:over|by|via) e-?mail|in writing)\b/;

function clausePrefix(sentence: string, at: number): string {
  const prefix = sentence.slice(Math.max(0, at - 80), at);
  let cut = 0;
  for (const m of prefix.matchAll(CLAUSE_BREAK)) cut = m.index + m[0].length;
  return prefix.slice(cut);
}

/** One alternation of a whole family, to skip at once the many sentences that match none of it. */
const unions = new WeakMap<readonly RegExp[], RegExp>();
function unionOf(triggers: readonly RegExp[]): RegExp {
  let union = unions.get(triggers);
  if (!union) {
    union = new RegExp(triggers.map((t) => `(?:${t.source})`).join('|'));
    unions.set(triggers, union);
  }
  return union;
}

/** Some sentence matches a trigger that no negation in the same clause turns around. */
function asked(doc: Doc, triggers: readonly RegExp[], negatedBefore: RegExp = NEGATED_BEFORE): boolean {
  const union = unionOf(triggers);
  for (const sentence of doc.sentences) {
    if (!union.test(sentence)) continue;
    for (const trigger of triggers) {
      for (const m of sentence.matchAll(trigger)) {
        const end = m.index + m[0].length;
        if (negatedBefore.test(clausePrefix(sentence, m.index))) continue;
        if (NEGATED_AFTER.test(sentence.slice(end, end + 40))) continue;
        return true;
      }
    }
  }
  return false;
}

interface Rule {
  intent: Intent;
  /** 0 when the rule does not fire, else the confidence it gives. */
  test(doc: Doc): number;
}

// Out-of-office notes, bounces, ATS notifications and job-board digests: not from a person.
const MACHINE_SUBJECT = [
  /^(?:automatic reply|auto-?reply|autoreply|out of (?:the )?office|undeliver(?:ed|able)|delivery status notification|mail delivery (?:failed|failure|system)|returned mail)\b/,
  /\bdigest, vol\b/,
  /\b(?:daily|weekly|monthly|jobs?) (?:jobs? )?(?:digest|newsletter|round-?up)\b/,
];
const MACHINE_TEXT = [
  /\b(?:i am|i'm|i will be) (?:currently )?(?:out of (?:the )?office|away (?:on (?:vacation|holiday|leave|business)|from the office)|on (?:vacation|holiday|annual leave|parental leave|pto))\b/,
  /\bout of the office (?:from|until|through|returning)\b/,
  /\blimited access to (?:my )?e-?mail\b/,
  /\b(?:could not|couldn't|cannot|can't) be delivered\b/,
  /\b(?:has|have) (?:accepted|declined|tentatively accepted) (?:this|your|the) (?:invitation|invite|meeting)\b|\binvitation from (?:google calendar|outlook)\b/,
];
/** Notices sent from an unattended address: an applicant-tracking rejection among them is still a rejection. */
const BULK_TEXT = [
  /\bthis is an automated (?:message|e-?mail|notification)\b/,
  /\bautomatically generated (?:message|e-?mail|notification)\b/,
  /\breplies to this (?:address|e-?mail|message|mailbox) are not (?:monitored|read)\b/,
  /\b(?:do not|please don't|please do not) reply to this (?:address|e-?mail|message)\b/,
  /\byour saved (?:search|job search)\b|\b(?:part of|because of|from) your job alerts?\b|\bbased on your (?:recent )?(?:searches|search|activity)\b/,
  /\byou(?:'re| are) subscribed to\b|\bbecause you subscribed\b|\bupdate (?:your )?(?:email |subscription )?preferences\b|\bwebinar\b/,
  /\b(?:leave|unsubscribe from) (?:the|this) (?:mailing )?list\b/,
  /\bjobs? matching your (?:preferences|profile|search|criteria)\b|\bmanage (?:your )?(?:job )?alerts\b|\bin this (?:issue|edition)\b/,
];

// Hostile legal threats fit no conversational intent; escalation handles them.
const LEGAL_THREAT = [
  /\bcease and desist\b/,
  /\b(?:prepare|preparing|file|filing|initiate|initiating|commence) (?:for )?(?:litigation|a lawsuit|legal proceedings|suit)\b/,
  /\b(?:pursue|pursuing|take|taking) (?:all )?(?:available )?legal (?:action|remedies|steps)\b/,
  /\bto (?:my|our) (?:attorney|lawyer|legal counsel|counsel|legal department)\b/,
  /\b(?:instructed|retained|contacted|consulted) (?:my|our) (?:attorney|lawyer|counsel|legal counsel)\b/,
  /\breport you to\b/,
  /\b(?:sue|suing) you\b/,
  /\bhearing from (?:my|our) (?:attorney|lawyer|counsel)\b/,
  /\b(?:my|our) (?:solicitors?|attorneys?|lawyers?|legal (?:team|counsel|department))\b[^.]{0,40}?\b(?:will be in touch|will contact|be contacting|will reach out|be hearing|be notified)\b/,
];

const REJECTION = everyMatch([
  /\b(?:decided|chosen|chose|elected|opted) to (?:move|go|proceed) (?:forward|ahead) with (?:other|another|a different|different)\b/,
  /\bmov(?:e|ing) (?:forward|ahead) with (?:other|another|a different) (?:candidates?|applicants?|profiles?|people|person)\b/,
  /\b(?:went|go|going|gone|proceed(?:ed|ing)?) with (?:another|other|a different) (?:candidates?|applicants?|person|profile)\b/,
  /\b(?:not|won't|will not|unable to) (?:be )?(?:moving|move|proceeding|proceed|going|advancing|advance) (?:forward |ahead )?with (?:you|your)\b/,
  /\b(?:position|role|req|requisition|requirement|opening|job|vacancy|search|post|contract|project|headcount|budget|hiring)(?:'s| has| had| was| is| got)?(?: been| now| just)?(?: put| placed)? (?:filled|cancell?ed|closed|withdrawn|pulled|scrapped|shelved|paused|frozen|cut|eliminated|axed|killed|dropped|canned|gone(?! (?:from|to|through|over|live|up|out)\b)|dead|off the table|on hold|no longer (?:open|available))\b/,
  /\bfilled the(?: [\w-]+){0,3}? (?:position|role|req|requisition|opening|seat|spot|post|vacancy)\b/,
  /\b(?:closed|cancell?ed|pulled|withdrew|withdrawn|scrapped|shelved|paused|froze|frozen|killed|axed|dropped|canned) (?:the|this|that|our) (?:[\w-]+ ){0,2}?(?:role|position|req|requisition|requirement|opening|search|job|vacancy|post|hiring)\b/,
  /\bhiring freeze\b|\bfro(?:ze|zen) (?:all )?(?:\w+ )?hiring\b|\b(?:pause|paused|pausing|freeze|freezing) (?:all )?(?:\w+ )?hiring\b/,
  /\b(?:no longer|not|aren't|are not|isn't|is not) hiring (?:for (?:this|the|that)|any ?more)\b/,
  // "not a (good) fit/match"; a bare "does not match" (a header, a checksum) is not a rejection.
  /(?:\b(?:not|isn't|wasn't|won't be)|n't think (?:this|it|you|that|we)(?: one)?(?:'s|'re| is| are| would be| will be| have| has)(?: found)?) (?:quite )?(?:(?:a |the |an )(?:good |great |strong |right |close |best |ideal )?(?:fit|match)|(?:good |great |strong |right |close )?fit)\b/,
  /\b(?:no longer|not) (?:be )?(?:considering you|under consideration)\b/,
  /\b(?:were|was|have|has) not (?:been )?(?:selected|shortlisted)\b/,
  /\b(?:decided|chosen|elected|opted) not to (?:proceed|move forward|continue|pursue|advance|progress)\b|\bregret to (?:inform|let you know|tell)\b/,
  /\b(?:decided|chosen|chose|elected|opted) to (?:pursue|go with|hire|select|proceed with|move ahead with|retain|appoint|offer (?:it|the role|the position) to) (?:a|an|another|other|the other|someone|somebody|candidates|applicants|profiles)\b/,
  /\b(?:selected|picked|chose|chosen|choose|hired|appointed|retained|preferred) (?:another|a different|different|other|an? other|someone|somebody)\b/,
  /\bdecided (?:for|on|in favou?r of) (?:another|other|a different|different|someone|somebody|an? (?:other|internal))\b|\bin favou?r of (?:another|a different|other) (?:candidates?|applicants?|profiles?)\b/,
  /\b(?:go|going|went|gone|decided to go) (?:in|with) (?:a|another) different direction\b|\b(?:go|going|went|gone) (?:in )?another direction\b/,
  /\bhold(?:ing)? off on (?:the|this|that|our)(?: [\w-]+){0,2}? (?:role|position|hire|hiring|search|req)\b|\b(?:going|go|went|gone|proceeding) with (?:a|an|one) (?:candidate|applicant|finalist|profile)\b/,
  /\b(?:profile|background|experience|skills?|cv|resume) (?:does not|doesn't|did not|didn't) (?:match|meet|fit|align)\b|\b(?:doesn't|does not|don't|do not|didn't|did not) (?:want|wish|plan|intend) to (?:proceed|move forward|go ahead|continue|progress)\b/,
  /\b(?:decision|decided) not to (?:move|go|proceed) (?:forward|ahead)\b|\b(?:fell|fallen|has fallen) through\b|\b(?:chosen|chose|selected|picked|hired) (?:a|an) (?:candidate|applicant|person|engineer|developer) (?:who|that|with|from|whose)\b/,
  /\bended up (?:hiring|going with|choosing|picking|offering|bringing on|selecting|filling)\b/,
  /\b(?:rejected|declined|turned down) (?:your|the|this|my) (?:profile|application|candidacy|submission|resume|cv)\b|\b(?:application|candidacy|submission) (?:was|has been|is) (?:unsuccessful|rejected|declined)\b/,
  /\bnot (?:be )?(?:taking|progressing|moving|continuing)(?: with)? (?:your|the|you) (?:application|candidacy|profile|submission)?(?: any)? ?(?:further|forward)\b|\bnot (?:be )?progressing (?:your|the|with) (?:application|candidacy|profile)\b/,
  /\b(?:put|placed) (?:the |this )?(?:role|position|req|requisition|search|hiring) on hold\b|\bwithdraw (?:your|you)(?: candidacy| application| profile| submission)?\b/,
  /\b(?:will not|won't|will no longer|are not|aren't) be (?:moving|going|proceeding|progressing) (?:forward|ahead|further)\b(?! (?:until|unless|without|once|when|before|if)\b)/,
  /\bcall it a day (?:on|with|for) (?:this|the|your) (?:one|role|position|search|opportunity|application)\b/,
  /\b(?:hire|hired|hiring|fill|filled|filling) (?:it |the role |the position )?internally\b|\binternal (?:candidate|transfer|hire)\b/,
  /\b(?:went|gone|going|go) with (?:someone|somebody|another|other|a different)\b/,
  /\boffered (?:the|this|it|that) (?:role |position |job )?to\b|\b(?:to|with) (?:another|a different|other) candidates?\b/,
  /\b(?:not be able|unable) to (?:move|go|proceed) (?:forward|ahead)\b/,
  /\b(?:role|position|project|contract|hire|hiring|opening|req|engagement)\b[^.]{0,30}?\b(?:won't|will not|isn't|is not|is no longer|not) (?:go(?:ing)? ahead|happen(?:ing)?|proceed(?:ing)?|moving forward)\b/,
  /\bpassed on (?:your|you)\b|\b(?:have|going|decided) to pass\b|\bpass (?:this time|for now)\b/,
  // Endings told as events: "decided to go forward with someone", "we've just made a hire".
  /\b(?:decided|chosen|chose|elected|opted) to (?:move|go|proceed) (?:forward|ahead) with (?:someone|somebody|an? (?:candidate|applicant|internal|external|finalist))\b/,
  /\b(?:decided|chosen|elected|opted|decision) not to (?:hire|fill|recruit|open|go ahead|make (?:a|an|the) (?:hire|offer))\b/,
  /\b(?:made|making) (?:a|an|the|their) (?:hire|appointment)\b|\b(?:hire|appointment) (?:has been|was|has now been) made\b/,
  /\bon ice\b|\b(?:stopped|halted|ended|called off|abandoned|terminated|discontinued) (?:the|this|that|our|their) (?:[\w-]+ ){0,2}?(?:role|position|req|requisition|search|hiring|process|recruitment|vacancy|contract|project|programme|program)\b/,
  /\b(?:closed|cancell?ed|pulled|withdrew|withdrawn|scrapped|shelved|paused|froze|frozen|killed|axed|dropped|canned) (?:the|this|that|our|their) (?:[\w-]+ ){0,2}?(?:contract|project|programme|program|engagement|headcount)\b/,
  /\b(?:not|won't|will not|unable to|wouldn't|would not) (?:be )?(?:extend(?:ing)?|mak(?:e|ing)) (?:you )?(?:an|any|the) offer\b/,
  /\b(?:won't|will not|wouldn't|would not|not going to|aren't going to|isn't going to|decided not to) (?:be )?(?:progress(?:ing)?|proceed(?:ing)?|advanc(?:e|ing)|tak(?:e|ing) (?:it|this|things|you|your (?:application|profile|candidacy)) (?:any )?further)\b(?=\s*(?:[.,;!]|$|with (?:you|your|the (?:application|process))|any further|further|at this|this time|for (?:now|this)))/,
]);
/** "If this isn't a fit..." and "before I close the req" are not rejections. */
const REJECTION_NEGATED = /\b(?:if|whether|unless|before|in case|otherwise|or else)\b[^.]*$/;

const NOT_A_HANDLE = new Set([
  'a', 'above', 'also', 'an', 'at', 'attached', 'below', 'great', 'here', 'in', 'is', 'linked', 'listed', 'my', 'not', 'on', 'private',
  'public', 'same', 'the', 'there', 'very', 'where', 'your',
]);
const HANDLE = String.raw`([a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38})`;
const GITHUB_HANDLE = everyMatch([
  new RegExp(String.raw`\bgithub\.com/${HANDLE}(?!/[\w.-]|[\w.-]*[\w-])`),
  new RegExp(String.raw`\b(?:github|gh)(?:'s)?(?: (?:handle|username|user ?name|user id|account(?: name)?|profile|id|login|name))?(?: is|:| =| -)\s*@?${HANDLE}\b`),
  new RegExp(String.raw`\b(?:handle|username|user ?name)(?: is|:| =)\s*@?${HANDLE}\b`),
  new RegExp(String.raw`\b(?:find|search|look up|look for) me (?:as|under|at) @?${HANDLE}(?: \w+)? on github\b|\bon github (?:as|under|i'm|i am)\s*@?${HANDLE}\b`),
  new RegExp(String.raw`(?:^|\s)@${HANDLE}(?: \w+)? on github\b|\b(?:i'm|i am) @?${HANDLE}(?: \w+)? on github\b`),
]);
const STARRED = everyMatch([
  /(?<!\bas )\bstarred\b/,
  /\b(?:hit|clicked|pressed|smashed|gave|given|left|added|put|dropped)(?: [\w'-]+){0,3}? stars?\b(?! (?:rating|review|employer|hotel|team|candidate)s?\b)/,
  /\bi (?:have |just |now |already )?star\b|\bstar (?:done|given|added|sent|is done|has been added)\b|\bdone the star\b/,
]);
/** "My id is x", "login: x": taken as a handle only in a mail that talks about GitHub or the star. */
const LABELLED_HANDLE = everyMatch([
  new RegExp(String.raw`\bmy (?:id|login|account(?: name)?|user id|profile name)(?: is|:| =| -)\s*@?${HANDLE}\b`),
  new RegExp(String.raw`\b(?:login|account|account name|user id)(?: is|:| =| -)\s*@?${HANDLE}\b`),
]);
const GITHUB_CONTEXT = /\bgit ?hub\b|\bstarred\b|\bstar\b|\brepo(?:sitory)?\b/;
const STARRED_NEGATED = /(?:\b(?:not|never|once|if|after|when|will|until|before|yet to|have you|did you)|n't)\b[^.]*$/;

function githubRule(doc: Doc): number {
  const triggers = GITHUB_CONTEXT.test(doc.all) ? [...GITHUB_HANDLE, ...LABELLED_HANDLE] : GITHUB_HANDLE;
  for (const sentence of doc.sentences) {
    for (const trigger of triggers) {
      for (const m of sentence.matchAll(trigger)) {
        const name = m[1] ?? '';
        // "your GitHub username is..." or "what's your handle?" is about the owner, not the recruiter.
        if (/\byour\b[^.]*$/.test(clausePrefix(sentence, m.index)) || RESERVED_GITHUB_NAMES.has(name) || NOT_A_HANDLE.has(name)) continue;
        return 0.95;
      }
    }
  }
  return asked(doc, STARRED, STARRED_NEGATED) ? 0.6 : 0;
}

const PII = everyMatch([
  /\b(?:ssn|social security(?: number| no)?|social insurance number)\b|\bss#/,
  /\blast (?:4|four)(?: digits)? of (?:your |the |their |my )?(?:ssn|social)\b/,
  /\b(?:(?:date|day|month|month\/day|year|place) of birth|birth ?date|birthday|dob|d\.o\.b)\b/,
  /\b(?:home|residential|street|mailing|physical|permanent) address\b/,
  /\bdriver'?s'? licen[cs]e\b|\bdriving licen[cs]e\b|\bdl (?:number|#|no)/,
  /\bpassport (?:number|copy|scan|photo|details)\b|\bcopy of (?:your )?passport\b/,
  /\b(?:bank (?:account|statement|details)|routing number|sort code|account number|iban|utility bill|maiden name|birth certificate)\b/,
  /\b(?:national insurance|ni|insurance|tax|tax id|tax identification|pesel|pan|aadhaa?r|national id|sin) (?:number|no|card)\b|\b(?:aadhaa?r|pesel|tax id|steuer-id|itin)\b/,
  /\b(?:your|the|their) social\b(?! (?:media|profiles?|links?|handles?|accounts?|channels?|networks?|life|skills?|events?|impact|good|side)\b)/,
  /\b(?:city|town|country|place) (?:where )?you were born\b|\bwhere you were born\b/,
  /\b(?:photo|copy|scan|picture) of (?:your )?(?:government[- ]issued )?(?:id|identification|passport|ssn card|social security card)\b|\bproof of (?:address|identity|residence)\b/,
]);

const FORM = everyMatch([
  /\bfill(?:ing)? (?:it |this |that |them |these )?(?:in|out)\b(?! (?:the|our|their|a|my) (?:team|role|position|seat|gap|bench)\b)/,
  /\bfill (?:and|&) (?:return|send)\b/,
  /\b(?:complete|completing|submit|sign|signing|return)(?: [\w'-]+){0,3}? (?:form|questionnaire|survey|skills? matrix|template|right[- ]to[- ]represent|rtr)\b/,
  // A form named by what it is: "a short intake survey", "a skills self-assessment".
  /\b(?:an?|the|this|our|their|short|quick|brief|online|intake|candidate|pre-?screen(?:ing)?|screening|skills?|attached|following|below) (?:[\w-]+ )?(?:survey|self-?assessment)\b|\bself-?assessment (?:sheet|form|matrix|grid|questionnaire)\b/,
  /\b(?:add|write|put|type|enter|fill in) your (?:answers|responses|replies)\b/,
  /\b(?:answer|answering|respond to|reply to)\b[^.?!]{0,30}?\bquestions\b[^.?!]{0,40}?\b(?:doc|document|sheet|spreadsheet|form|attached|attachment|google doc|link|below)\b/,
  /\bfill(?: in| out)? (?:the |these |this )?(?:below|following|attached|details|fields|blanks|template|sheet|form|matrix)\b/,
  /\b(?:questionnaire|skills? matrix|right[- ]to[- ]represent|rtr|application form|intake form)\b|\bform(?:'s| is) (?:here|below|attached|linked)\b/,
  /\b(?:online|short|brief|written|quick) (?:written )?(?:application|app)\b|\b(?:complete|completing|fill(?: in| out)?)(?: [\w'-]+){0,3}? (?:grid|sheet|checklist)\b/,
  /\b(?:complete|completing|fill out|fill in)(?: (?:the|this|our|an?|your|online|short|quick)){1,2} application\b|\b(?:application|questionnaire|form|assessment) link\b/,
  /\b(?:register|sign up|create an account)\b[^.]{0,40}\b(?:portal|profile)\b|\bcomplete (?:your|the|my)(?: [\w-]+){0,2}? (?:profile|application)\b/,
  /\b(?:sign|signing|countersign|e-?sign)\b(?: [\w'-]+){0,4}? (?:agreement|consent|nda|paperwork|declaration)\b|\bdocu-?sign\b/,
  /\b(?:an?|the|this|that|our|their|short|quick|brief|online|web|google|attached|following|below|intake|candidate|registration|consent|onboarding|profile) forms?\b(?! factor| of\b)/,
  /\banswer (?:the|these|a few|some|our|following)(?: [\w-]+){0,2}? questions (?:below|in the attached|in the form|in the document|on the form)\b/,
  /\b(?:information|assessment|candidate|candidate details|skills?|profile|registration|screening|pre-?screen(?:ing)?|competenc(?:e|y)|experience) (?:sheet|doc|document|template|matrix|grid|checklist)\b/,
  /\b(?:complete|fill(?: in| out)?|answer|answering) (?:it|them|these|this|the questions)(?: [\w-]+){0,4}? (?:and|&) (?:send|return|e-?mail|mail|get)(?: it| them)? back\b|\b(?:complete|fill(?: in| out)?) it (?:and|&) (?:send|return)\b/,
  /\b(?:complete|fill|answer|sign)\b[^.]{0,60}\battached\b|\battached\b[^.]{0,60}\b(?:complete|fill|sign)\b/,
]);

/** "If you're interested, reply with your resume": a cold pitch, whatever it asks for on the way. */
const INTEREST = [
  /\bif (?:you(?:'re| are|'d be| would be| might be)(?: \w+)? (?:interested|open)|(?:this|it|that)(?:'s| is| sounds| seems| looks)(?: \w+)? (?:interesting|of interest|appealing|relevant|like a fit)|interested)\b/,
  /\b(?:would|could) you be(?: \w+)? (?:interested|open)\b/,
  /\bif you (?:have (?:the )?(?:capacity|bandwidth|availability)|are (?:available|looking|exploring)|'re (?:available|looking|exploring))\b|\b(?:happy|glad|keen) to (?:send|share|tell|walk|jump|hop|set up|chat|talk)\b/,
  /\bare you(?: \w+)? interested\b|\bare you(?: \w+)? open (?:to|for) (?:a |an )?(?:new|other|hearing|exploring|learning|a move|a change|something|opportunit|roles|offers)/,
  /\bsomething you(?:'d| would| might)?(?: be)? (?:want|like|interested|open|consider|explore)/,
  /\binterested in (?:learning|hearing|exploring|discussing|talking)\b|\b(?:up for|keen on|open to) (?:learning|hearing|exploring|a chat|a conversation)\b/,
  /\blet me know if you(?:'d| would) like (?:the|a|more|to)\b/,
  /\bwould you like (?:me to send|the full|more|to learn)\b/,
  /\bwant (?:a|the) (?:longer|full|more detailed|detailed) (?:write-?up|description|jd)\b/,
];

const PHONE = everyMatch([
  /\b(?:hop|jump|get|set up|schedule|book|arrange|grab|organi[sz]e|have)(?: on)? (?:a|an|some|the)(?: [\w-]+){0,3}? (?:call|phone call|chat|zoom|(?:phone|telephone|video) (?:conversation|interview|meeting|chat))\b/,
  /\b(?:phone|telephone|quick|short|brief|intro|introductory|prep|screening|teams|zoom|video|voice|skype|whatsapp|facetime|signal|webex|meet|audio|conference|discovery|exploratory|catch-?up|\d+[- ]min(?:ute)?s?) call\b/,
  /\bcall (?:today|tomorrow|tmrw|tonight|later|this (?:week|afternoon|morning|evening)|next week|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|at \d)\b|\bcall\?/,
  /\b(?:over|by) (?:the )?(?:tele)?phone\b(?! (?:networks?|lines?|numbers?|apps?|systems?|bills?|compan(?:y|ies)|industry|market|makers?)\b)|\bby video\b|\b(?:hop|jump|get) on (?:zoom|teams|skype|meet|google meet|whatsapp|the phone|a video)\b/,
  /\b(?:give|giving|gives) you a (?:call|ring|buzz|bell)\b|\b(?:i'll|i will|we'll|we will|let me|can i|could i|may i|shall i) (?:ring|phone|call|dial) you\b/,
  /\b(?:free|available|around|got|have you got|do you have) (?:for )?(?:\d+|a few|ten|fifteen|twenty|thirty|half an hour|an hour)(?: [\w-]+)? (?:min(?:ute)?s?\b|(?:today|tomorrow|this|on|at)\b)/,
  /\b(?:telephone|phone|video|zoom|teams) (?:conversation|interview|screen|chat|meeting|call)s?\b/,
  /\b(?:over|on|via|through|by|using) (?:google meet|ms teams|microsoft teams|zoom|skype|webex|whatsapp|facetime|hangouts?|video(?: call)?)\b(?! (?:channel|group|account)s?\b)|\b(?:over|via|through|using) (?:teams|meet)\b|\b(?:teams|zoom|meet|calendar|webex) (?:invite|invitation|link)\b/,
  /\bwhen (?:can|could|shall|should) (?:we|i) (?:talk|chat|speak|call|connect|meet)\b|\b(?:could|can|shall|should) we (?:speak|talk|chat|meet|connect)\b(?! (?:on|via) linkedin\b)/,
  /\b(?:send|share|give|text|confirm|drop|provide)(?: me)? (?:your|the best|a good|best|the)(?: \w+)? (?:cell|mobile|number|digits|whatsapp)\b(?! (?:of|app|apps|development|developers?|platform)\b)/,
  /\bnumber (?:in case|where you (?:can|could) be reached|at which|to (?:reach|call|ring|text) you|(?:i|we) can (?:reach|call|ring|use))\b|\breach you (?:by|on|over the) (?:phone|mobile|cell)\b/,
  /\b(?:do|have) (?:a|an)(?: [\w-]+){0,2}? (?:call|zoom|phone call)\b/,
  /\b(?:call|phone|ring|dial) (?:you|me)\b(?! (?:crazy|old[- ]fashioned|biased|cynical|sceptical|skeptical|an? |names|out)\b)/,
  /\b(?:your|best|good|direct|preferred) (?:(?:cell|mobile|phone|contact|telephone|callback) )?number\b(?! (?:of|one|1)\b)/,
  /\bwhat(?:'s| is) your (?:cell|mobile|phone)\b/,
  /\b(?:find|grab|get|have|spare|do|need) (?:\d+|a few|ten|fifteen|twenty|thirty|some)(?: [\w-]+)? min(?:ute)?s?\b|\btried (?:to )?(?:call|calling|ring|ringing|phone|phoning|reach|reaching) you\b|\btried giving you a (?:call|ring)\b/,
  /\b(?:here's|here is|use|via|through|from) (?:my|her|his|our|the) (?:calendar|scheduling link|booking page)\b/,
  /\bwhat number\b(?! (?:would|do|did|are|will|should) you\b)/,
  /\b(?:talk|walk(?: you)? through|go (?:through|over)|run through|explain|discuss|chat|speak|connect)(?: [\w-]+){0,3}? (?:live|by phone|over the phone|on the phone|in person)\b/,
  /\b(?:calendly\.com|on my calendar|calendar link|booking link|book (?:a )?(?:time|slot))\b/,
  /\bgrab (?:\d+|a few|ten|fifteen|twenty|thirty) min(?:ute)?s\b/,
  /\b(?:available|free|around|up|good|ok|okay) for a(?: [\w-]+){0,2}? (?:call|chat|conversation|interview|meeting|zoom|ring|catch-?up|meet|teams|video chat|facetime)\b/,
  /\b(?:quick|short|brief|\d+[- ]min(?:ute)?s?) (?:zoom|teams|google meet|video chat|video|facetime|hangout)\b(?! (?:account|channel|group|recording|background)s?\b)/,
  /\brather (?:call|talk|speak)\b/,
  /\b(?:free|available|time) (?:for|to)(?: a| an)?(?: [\w-]+){0,3}? (?:call|chat|talk|speak|conversation|zoom)\b/,
  /\bgive (?:me|you) a (?:call|ring|buzz|bell|tinkle)\b|\b(?:ring|buzz) me\b|\bcall (?:me|you) back\b|\bmy (?:cell|mobile)\b/,
  /\b(?:pick|choose|select|grab) a (?:slot|time)\b|\b(?:video|phone|zoom|teams) (?:screen|interview|chat|meeting)\b/,
  /\bover a (?:quick )?(?:call|zoom|phone call)\b|\bvia (?:a )?(?:call|phone|zoom)\b/,
  /\b(?:set up|find|schedule|book|grab)(?: some)? time to (?:talk|chat|speak|connect|catch up)\b/,
  /\blet's (?:talk|chat|speak|connect)\b/,
  /\b(?:send|share|suggest|propose|give)(?: me| us)? (?:a few|some|two|three|a couple of|your) (?:time ?slots?|slots|times)\b/,
  /\bwhat (?:time|day)s? (?:works|would work|is good|suits)\b|\bwhen are you (?:free|available)\b(?! (?:from|to start)\b)|\bwhat does your (?:schedule|calendar|availability) look like\b/,
]);

const RESUME_NOUN = String.raw`(?:resume|cv|curriculum(?: vitae)?)`;
/** Verbs that can also tell what the recruiter will do with a resume they have. */
const RESUME_SEND = everyMatch([
  new RegExp(String.raw`\b(?:send|sending|share|sharing|forward|forwarding|attach|attaching|e-?mail|e-?mailing|mail|provide|providing|submit|include|upload|uploading|reply with|pass along|review|look at|stick|pop|fire|ping|bring)\b(?: [\w'-]+){0,6}? ${RESUME_NOUN}\b`),
  // "if you have a resume lying around, send it my way"
  new RegExp(String.raw`\b${RESUME_NOUN}\b(?:(?!\b(?:i'll|i will|we'll|we will|i've|i have)\b)[^.?!]){0,60}?\b(?:send|share|forward|attach|e-?mail|shoot|drop|pass|pop) (?:it|one|that|a copy|yours|it over|over)\b`),
]);
/** Asks whoever says them. */
const RESUME_ASK = everyMatch([
  new RegExp(String.raw`\b(?:need|needs|require|requires|required|want|wants|see|get|shoot|drop|pass me|ask(?:s|ing)? for|request(?:s|ing)?)\b(?: [\w'-]+){0,6}? ${RESUME_NOUN}\b`),
  new RegExp(String.raw`(?:^|[\s(])${RESUME_NOUN}\s*\?`),
  new RegExp(String.raw`\b(?:do you have|have you got|is there) (?:a|an|your)(?: [\w-]+){0,2}? ${RESUME_NOUN}\b`),
  new RegExp(String.raw`\b(?:your|an?) (?:most recent|latest|updated|current|recent|up-to-date|up to date) ${RESUME_NOUN}\b`),
  new RegExp(String.raw`\b${RESUME_NOUN}(?: in [\w ]{1,20}?)?,? (?:please|pls|plz|asap|needed|required)\b`),
  // "got a CV I can pass along?", "a PDF of your resume would be perfect"
  new RegExp(String.raw`(?:^(?:[\w']+,? ){0,2}|\b(?:you|u|you've) )(?:got|have) (?:a|an|any|your|the)\b[^.?!]{0,30}?\b${RESUME_NOUN}\b[^.?!]{0,60}\?|\bany\b[^.?!]{0,20}?\b${RESUME_NOUN}\b[^.?!]{0,60}\?`),
  new RegExp(String.raw`\b${RESUME_NOUN}\b[^.?!]{0,20}? (?:would be|is all i need|is what i need)(?: \w+)? (?:perfect|great|ideal|helpful|useful|good|fine|enough|appreciated)\b`),
]);

/** "I'll send your resume to the client" tells, it does not ask. */
const RESUME_NEGATED = new RegExp(
  String.raw`${NEGATED_BEFORE.source}|\b(?:i'll|i will|we'll|we will|i've|i have|we've|we have|i just|i already|i'm going to|let me|once i)(?: \w+)?\s*$`,
);

/** "...the hiring manager reviewing your resume. Can you send it over?": the ask names it in the next sentence. */
const RESUME_MENTION = new RegExp(String.raw`\b${RESUME_NOUN}s?\b`);
const ASK_CUE = String.raw`(?:(?:can|could|would|will) you(?: please| kindly| also| just| possibly| mind)?|(?:would|do) you mind|any chance you could|please|pls|plz|kindly)`;
const DELIVER = String.raw`(?:send|sending|resend|resending|re-send|share|sharing|forward|forwarding|e-?mail|e-?mailing|mail|attach|attaching|drop|pop|shoot|pass|get|upload|uploading|reply with|replying with|provide|submit)`;
const SEND_IT = new RegExp(
  String.raw`(?:\b${ASK_CUE} |^)${DELIVER}(?: (?:me|us|over|across|back|again|through|along)){0,2} (?:it|one|yours|a copy|that|this|the file|(?:an?|the|your) (?:[\w-]+ ){0,2}?(?:version|copy))\b`,
  'g',
);

/**
 * A request sentence ("could you / please / would you mind" + send/resend/email + it, yours, a
 * copy, a newer version) whose thing is the resume named in the same, the previous or the next
 * sentence: "The client insists on a resume before any call, so could you email me yours?",
 * "I don't have your CV on file. Would you mind sending it again?".
 */
function resumeByReference(doc: Doc): boolean {
  return doc.sentences.some((s, i) => {
    const near = [s, doc.sentences[i - 1] ?? '', doc.sentences[i + 1] ?? ''];
    if (!near.some((n) => RESUME_MENTION.test(n))) return false;
    for (const m of s.matchAll(SEND_IT)) {
      if (!RESUME_NEGATED.test(clausePrefix(s, m.index))) return true;
    }
    return false;
  });
}

const FOLLOW_UP = [
  /\b(?:following up|follow(?:ing)?[- ]up on|just following|circling back|checking in|checking back|touching base|bumping (?:this|up))\b/,
  /\b(?:did|have) you (?:get|had|have) a chance\b|\b(?:if|whether) you (?:had|have had|got|get|found) (?:a chance|the (?:time|opportunity|chance)|time)\b/,
  /\b(?:slip(?:ped)? through the cracks|(?:got|get|gets|getting|went|go) (?:buried|lost|to spam)|top of your inbox|resurfac(?:e|ing)|re-?sending|nudge|lost in (?:the|your) (?:void|inbox|shuffle|noise))\b/,
  /\bnot heard (?:back|from you)\b|\b(?:not|haven't|didn't|did not|have not) (?:yet )?(?:received|receive|got|get|gotten) (?:a |an |any )?(?:reply|response|answer)\b|\bno (?:reply|response|answer) (?:from you|yet)\b/,
  /\b(?:writ(?:e|ing)|reach(?:ing)? out|follow(?:ing)?(?: up)?|trying|checking|pinging) (?:you )?again\b|\bagain (?:following|writing|reaching|checking)\b|\bfollowing (?:regarding|about|with you)\b/,
  /\b(?:reminder|thoughts|update|following up|follow up|bump(?:ing)?) (?:on|about|regarding|re) (?:the |my )?(?:below|above|previous|earlier|last)\b|\bany thoughts (?:on|about) (?:the |my )?(?:below|above|previous|earlier|last|this)\b/,
  /\bdid you (?:see|get|receive|read) my\b|\b(?:final|last) (?:note|message|e-?mail|attempt|try|nudge) from me\b|\bexpect to (?:have|hear|get) (?:news|feedback|an update|back)\b|\bkeep you (?:informed|in touch)\b|\bany joy\b|\bstill curious\b/,
  /\bno (?:feedback|update|news|word|decision)(?: \w+){0,2}? yet\b|\b(?:hang|sit) tight\b|\bnothing (?:needed|required) from you\b|\bnothing (?:for you )?to do\b|\b(?:quick|short|brief) (?:status|update)\b|\bstatus update\b/,
  /\bmaking sure (?:you|this|it|my)(?: [\w-]+){0,3}? (?:saw|seen|see|got|received|didn't miss|reached)\b|\bin case (?:you|it|this)(?: [\w-]+){0,2}? (?:missed|slipped|didn't see|got lost|went)\b/,
  /\b(?:writ(?:e|ing)|want(?:ed)?) to remind you\b|\bremind(?:ing)? you (?:about|of|that)\b|\bstill (?:thinking|mulling|considering|weighing)\b|\b(?:had|have had|got|get|found) (?:some |the )?time to (?:think|consider|look|read|review)\b/,
  /\b(?:did|have) you (?:manage|managed) to (?:look|read|review|think|consider|see|check)\b|\b(?:back|up) to the top of your\b|\bwanted to (?:hear|know) (?:if|whether|how) you\b|\bon your (?:side|end)\?/,
  /\bjust checking (?:if|whether|that|to see|on|in)\b|\bhope you (?:got|received|saw|had a chance)\b|\b(?:have|had) you (?:decided|made (?:a|your) decision)\b|\bgiven (?:it|this|the role|the position) (?:any|some|more) thought\b/,
  /\b(?:just a|a small|a little|a quick) reminder\b|^reminder\b|\bwaiting to hear (?:back|from)\b|\bany (?:decision|movement|progress)\b/,
  /\b(?:let you know|update you|be in touch|come back to you|get back to you|shout|keep you informed)\b[^.]{0,40}?\b(?:as soon as|once|the moment|when (?:i|we) (?:hear|know|have|get)|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|end of|next))\b|\b(?:they'd|they would|they'll|they will|he'll|she'll|he'd|she'd) (?:get|come) back to (?:me|us)\b/,
  /\b(?:is|are|it's|remains?) still (?:open|available|live)\b(?! to\b)|\bstill (?:interested|interesting|keen)\b|\bassume (?:that )?(?:the timing|you(?:'re| are)|it's|this)\b|\bclos(?:e|ing) the loop\b|\bwaiting (?:for |on )?your (?:reply|response|answer|confirmation|feedback|decision)\b/,
  /\b(?:haven't|have not|hadn't|did not|didn't) heard? back\b|\b(?:haven't|have not) heard from you\b/,
  /\b(?:reached|reaching) out (?:a few|several|a couple of|multiple|many) times\b/,
  /\b(?:my|one|a|this) (?:final|last) (?:message|e-?mail|note|attempt|follow[- ]up|try|reminder)\b|\b(?:final|last) (?:message|e-?mail|note|attempt) before\b/,
  /\b(?:any|an) update (?:on|from|regarding|about)\b|\bany updates\b/,
  /\b(?:get|send|give) you an update\b|\bfeedback from the (?:client|hiring manager|team)\b/,
  /\bstill waiting (?:on|for)\b|\bno news yet\b|\bstill (?:deciding|reviewing)\b|\b(?:should|will) have (?:an answer|feedback|news|an update)\b|\bgot back to me\b/,
  /\bwanted to (?:see|check) (?:if|whether) you\b/,
  /\bbump(?:ing)? (?:this|it|my|up)\b|\bany (?:news|word|update)\b/,
  /\b(?:i|we) (?:sent|wrote|emailed|messaged|reached out(?: to)?|contacted)(?: you)?(?: [\w-]+){0,5}? (?:ago|last (?:week|month|time)|earlier|on (?:monday|tuesday|wednesday|thursday|friday))\b|\breconnect\b/,
  /\b(?:gentle|friendly|quick|polite) (?:reminder|nudge)\b|\bmy (?:previous|last|earlier) (?:e-?mail|mail|message|note|letter)\b/,
  /\b(?:were|have) you (?:been )?able to (?:review|look|read|check|see|go through)\b|\bthe (?:jd|job description|details|e-?mail|note|message) i sent\b/,
  /\b(?:should|will|expect to|hope to) hear back\b|\b(?:is|are) (?:still )?reviewing your (?:profile|resume|cv|application)\b|\bkeep you (?:posted|updated|in the loop)\b/,
];

/** Status notes with no fixed phrase (the answer is late, the client was chased); a mail that also screens is a screening question. */
const FOLLOW_UP_STATUS = [
  /\b(?:feedback|decision|answer|news|update|response|outcome)s? (?:will|is going to|might|may|could) (?:be|take)(?: a)?(?: bit| little| few days| while)? (?:delayed|late|longer|slow|a while|until|till)\b|\b(?:feedback|decision|answer|news|response|outcome) (?:is|are) (?:delayed|pending|taking (?:a bit |a little )?longer)\b/,
  /\b(?:trying|try|reaching out to|emailing|writing to|pinging|nudging) you (?:one|a) (?:more|last|final) time\b|\bone (?:more|last|final) (?:time|try|attempt) (?:on|about|re|regarding)\b|\bif i (?:don't|do not) hear (?:back|from you)\b/,
  /\bchas(?:ed|ing) (?:them|him|her|the (?:client|team|manager|hiring manager|company|panel|recruiter))\b/,
  /\b(?:on|to|regarding|about|re) (?:the |my )?below (?:mail|e-?mail|message|note|thread)\b|\bmy (?:note|mail|e-?mail|message) (?:below|above)\b|\bcheck (?:if |whether |that )?you(?:'d| had|'ve| have)? (?:seen|got|received|read)\b/,
  /\b(?:it'll|it will|that'll|should|it should|probably|likely) be (?:early|late|mid|the end of|end of)? ?next week\b|\b(?:they're|they are|client is|team is|manager is|panel is) (?:still )?(?:interviewing|meeting|deciding|finali[sz]ing|comparing|on (?:holiday|vacation|leave|pto))\b/,
];

/** Chases that only read as such in a reply: "Any interest?", "Thoughts?", "ping :)". */
const FOLLOW_UP_REPLY = [/\bany (?:interest|thoughts)\b/, /(?:^|\n)(?:ping|bump|bumping|hello+|hi again|you there|are you there|\?+)\W{0,6}(?:\n|$)/, /\b(?:floating|bringing|pushing) (?:this|it) (?:back )?up\b/, /\b(?:client|team|manager|panel|they)(?:'s| is| are)? (?:still )?(?:reviewing|considering|going through|looking at)(?: your| (?:the )?(?:profiles?|applications?|candidates?|shortlist|cvs?|resumes?|submissions?)| (?:it|them) (?:this week|now|today)| this week| at the moment| now)\b/];

const QUALIFYING = [
  /\b(?:expected|expectations?|minimum|desired|target|current|preferred|best)(?: [\w/()-]+){0,2}? (?:rate|salary|comp|compensation|pay)\b/,
  /\bconfirm (?:your|the)(?: [\w/()-]+){0,3}? (?:rate|salary|availability|location|visa|authori[sz]ation|notice)\b/,
  /\b(?:salary|rate|comp|compensation|pay) (?:expectations?|requirements?)\b/,
  /\b(?:salary|rate|comp|compensation|pay)(?: range)? (?:are you|you're|you are) (?:targeting|looking for|expecting|seeking)\b|\bwhat (?:salary|rate|comp|compensation|pay)\b/,
  /\b(?:work authori[sz]ation|visa status|immigration status|(?:need|require)(?: visa)? sponsorship|us citizen|green card holder)\b/,
  /\b(?:c2c|corp[- ]to[- ]corp|1099) (?:or|vs\.?|versus) w-?2\b|\bw-?2 (?:or|vs\.?|versus) (?:c2c|1099)\b|\bopen to (?:c2c|w-?2|1099|contract)\b/,
  /\bnotice period\b|\b(?:when|how soon) (?:can|could|would) you (?:start|join)\b|\b(?:could|can) you start\b|\bearliest (?:availability|start)\b/,
  /\bwhere are you (?:based|located|living)\b|\bwhich (?:state|city|country|time ?zone) are you\b|\b(?:open|willing|comfortable)(?: to| with)? relocat/,
  /\boverlap(?: \w+){0,4}? (?:work|workable|hours)\b|\bis that workable\b|\bwork for you\?/,
  /\bhow many years\b|\byears of(?: \w+)? experience (?:with|in)\b.*\?|\bhave you (?:ever )?(?:worked|written|built|used|led|run|managed|designed|deployed|shipped|done|held|carried|owned|hired|mentored|implemented|maintained|operated|had)\b|\bwhether you (?:have|had|are|can|would)\b|\bany experience (?:with|in)\b/,
  /\bwould you consider\b|\bare you (?:open|willing|comfortable|looking)\b|\bwould you be (?:comfortable|ok|okay|fine|happy|willing) with\b|\bhow comfortable are you\b/,
  /\bhow (?:much|long|many)\b[^.?]{0,40}?\b(?:have you|did you|do you|has it been|experience|years)\b|\bwhat (?:would|do) you (?:need|want|expect)\b|\bwhat (?:are )?you(?:'re| are)? (?:optimi[sz]ing for|hoping for|targeting|after|looking for|seeking)\b|\bwhat (?:matters|is important|counts)(?: most)? to you\b|\bwhat (?:number|figure) would\b|\bwhat would (?:make|it take)\b|\bare you more (?:of )?(?:an? )?[\w-]+ or\b/,
  /\b(?:do|did) you (?:hold|have) (?:a|an|any)(?: [\w/-]+){0,2}? (?:passport|clearance|certs?|certifications?|degree|visa|permit|licen[cs]e)\b|\bis (?:[\w-]+ ){1,2}an option\b|\bcan you commit to\b|\bis that (?:you|something you)\b/,
  /\bwhat(?:'s| is) your (?:current )?(?:setup|situation|status|title|level|seniority|stack|timeline|timeframe|day rate|base)\b|\bwhat (?:level|title|seniority|grade)\b[^.?]{0,30}\byou\b|\bwhen (?:would|could|can|will) you be (?:able|free|available|ready) to\b/,
  /\bare you (?:currently |still |now )?(?:employed|working (?:at|for|full)|freelanc\w*|contracting|interviewing|on the market|in (?:other )?process(?:es)?|actively)\b|\bhow long (?:is|would|will|do) (?:your|you need|it take you)\b/,
  /\bwhat (?:kind|type|sort) of (?:role|team|company|work|position|project|environment|stack|setup)s? (?:are you|would you|do you|you're)\b|\b(?:do|would) you prefer\b|\bare you (?:ok|okay|fine|happy|comfortable) with\b|\bdeal-?breaker\b/,
  /\bwhen are you (?:free|available) (?:from|to start)\b|(?:^|\n|[.!?] )(?:are |r )?(?:you|u) (?:in|based in|located in|living in|from) [^.?!\n]{1,40}\?/,
  /\b(?:authori[sz]ed|eligible|legally able) to work\b|\bdo you have (?:any )?(?:[\w-]+ )?experience\b|\bavailab(?:le|ility) to (?:start|join)\b/,
];

/** Any question to the candidate about terms, place, time or experience is a screening question. */
const QUESTION_TOPIC =
  /\b(?:h-?1b|h4|ead|green card|gc|on-call|office|in[- ]person|days a week|rate|salary|compensation|comp|pay|remote|hybrid|on-?site|in-office|relocat\w*|commut\w*|travel|visa|sponsorship|authori[sz]\w*|citizen\w*|notice|availab\w*|start|experience|years|based|located|location|time ?zone|overlap|level|w-?2|c2c|1099|full[- ]time|part[- ]time|contract\w*|requirement|(?:days?|weeks?) (?:a|per) (?:week|month)|schedule|clearance|certifi\w*|equity|base|bonus|permanent|perm|employed|take-home|travel\w*|next (?:move|role|job|step|position|gig)|setup|situation|freelanc\w*|title|seniority|team size|stack|earliest|how soon)\b/;
const TO_YOU = /\byou(?:r|'re|'d|'ve|'ll)?\b/;
const ASKING = /\b(?:do|would|could|can|are|have|will|what|what's|which|how|where|when)\b/;
/** Questions in a reply that are small talk or about the thread, not about the candidate. */
const NOT_SCREENING = /\b(?:how are you|how's it going|how was your|are you (?:a bot|real|human|there)|did you (?:see|get)|can you hear|what do you think|thoughts)\b/;

function qualifyingKinds(doc: Doc): number {
  const explicit = QUALIFYING.filter((p) => p.test(doc.all)).length;
  const asks = doc.sentences.some((q) => q.endsWith('?') && TO_YOU.test(q) && QUESTION_TOPIC.test(q));
  return explicit + (asks ? 1 : 0);
}

/** A fresh mail about a job at all: the last resort before 'other'. */
const ROLE_WORDS = [
  /\b(?:roles?|positions?|openings?|opportunit(?:y|ies)|jobs?|requirements?|contract|hiring|recruit(?:er|ing)|candidates?|client|looking for (?:an?|someone)|join (?:our|the|their|a) team)\b/,
  /\b(?:engineer|developer|sre|devops|architect|manager|lead|scientist|analyst|designer|programmer|consultant)s?\b/,
];

/** Meetups, hackathons and conferences mention engineers without offering anyone a job. */
const EVENT = /\b(?:rsvp|meetup|meet-up|hackathon|conference|happy hour|networking (?:event|evening|night)|tickets?)\b/;

const firedAt = (confidence: number, fired: boolean): number => (fired ? confidence : 0);

const RULES: readonly Rule[] = [
  { intent: 'other', test: (d) => firedAt(0.9, any(d.subject, MACHINE_SUBJECT) || any(d.all, MACHINE_TEXT)) },
  { intent: 'other', test: (d) => firedAt(0.7, any(d.all, LEGAL_THREAT)) },
  { intent: 'rejection', test: (d) => firedAt(0.9, asked(d, REJECTION, REJECTION_NEGATED)) },
  { intent: 'other', test: (d) => firedAt(0.9, any(d.all, BULK_TEXT)) },
  { intent: 'github_username', test: githubRule },
  { intent: 'pii_request', test: (d) => firedAt(0.9, asked(d, PII)) },
  { intent: 'form_request', test: (d) => firedAt(0.85, asked(d, FORM)) },
  // A last chase ("if you're interested, just reply") stays a follow-up even when fresh.
  { intent: 'initial_contact', test: (d) => firedAt(0.75, !d.isReply && any(d.all, INTEREST) && !any(d.all, FOLLOW_UP)) },
  { intent: 'phone_request', test: (d) => firedAt(0.85, asked(d, PHONE)) },
  { intent: 'resume_request', test: (d) => firedAt(0.85, asked(d, RESUME_SEND, RESUME_NEGATED) || asked(d, RESUME_ASK) || resumeByReference(d)) },
  { intent: 'follow_up', test: (d) => firedAt(0.75, any(d.all, FOLLOW_UP) || (any(d.all, FOLLOW_UP_STATUS) && qualifyingKinds(d) === 0) || (d.isReply && any(d.all, FOLLOW_UP_REPLY))) },
  { intent: 'qualifying_question', test: (d) => qualifyingConfidence(qualifyingKinds(d)) },
];

/** One screening question is a fair guess; three different kinds are hard to mistake. */
function qualifyingConfidence(kinds: number): number {
  return kinds === 0 ? 0 : Math.min(0.85, 0.55 + 0.1 * kinds);
}
