/**
 * Legal threats, read sentence by sentence. A sentence is a threat when it holds one of the
 * owner's legal terms (config/safety/legal-terms.txt: lawyer, solicitor, court, tribunal, FTC,
 * the ICO, damages…) and one of the cues below, which say what the writer does with it: takes
 * action against the reader, has already brought a lawyer or an authority in, or serves formal
 * notice. The words alone are ordinary recruiting mail ("Legal Tech Engineer at a law firm", "our
 * counsel will send the NDA", "the client won a patent lawsuit"), and a cue said under a negation
 * ("we would never take legal action") is a reassurance.
 */
import { normaliseForMatching } from './normalise.js';
import { features, probability } from './shield/scorer.js';
import legalWeights from './legal-weights.json' with { type: 'json' };

// Someone who acts in law, or an authority that takes complaints.
const LAW = String.raw`(?:(?:external|outside|in-house)\s+)?(?:lawyers?|attorneys?|solicitors?|counsel|avvocat[oi]|advogad[oa]s?|abogad[oa]s?|avocats?|anwalt|anw[aä]ltin|rechtsabteilung|legal (?:department|team|representatives?|advis[eo]rs?|counsel|folks|people)|law firm|(?:[a-z&'.-]+\s+){1,4}llp|advokat|advocaat|advocates?|barristers?|paralegals?|rechtsanw[a-zä]+|(?:the\s+)?police|(?:the\s+)?(?:enforcement|licensing|disciplinary) (?:department|body|board|committee|unit)|(?:the\s+)?(?:hmrc|irs|tax (?:office|authority|authorities))|the courts?|a court|a judge|(?:the\s+|our\s+)?(?:regulator|authorities|action fraud|ftc|ico|bbb|attorney general|labou?r (?:board|office|commissioner)))`;

// What a writer does with a legal term when it is a threat. Each is general English for an
// adversarial step; the legal term in the same sentence says the step is a legal one.
const THREAT_CUES: RegExp[] = [
  // Intent: "I will sue you", "we will be seeking damages", "we shall be constrained to initiate
  // proceedings", "left with no choice but to involve my lawyer".
  /\b(?:will|'ll|shall|going to|gonna|intend to|plan to|prepared to|forced to|constrained to|instructed (?:us |me )?to|no (?:choice|option|alternative) but to|reserves? the right to|won't hesitate to|be)\s+(?:\w+\s+){0,3}?(?:sue|suing|pursue|pursuing|take|taking|file|filing|bring|bringing|initiate|initiating|commence|commencing|issue|issuing|escalate|escalating|report|reporting|proceed|proceeding|apply|applying|seek|seeking|claim|claiming|recover|recovering|involve|involving|refer|referring|lodge|lodging|hand|handing|press|pressing|serve|serving|present|presenting|declare|declaring|go to|going to court|make (?:a )?(?:formal )?complain)\b/,
  /\b(?:sue|suing|sued)\s+(?:you|your|him|her|them|the company|the agency)\b|\bsue\s+for\s+(?:the|your|breach|damages|defamation|costs|libel|\$|£|€)/,
  // "If you don't pay by Friday, we will…" is covered above; these are the steps by name.
  /\bfil(?:e|ed|ing)\s+(?:a\s+|an\s+|the\s+|my\s+|our\s+)?(?:formal\s+|official\s+|civil\s+|written\s+|criminal\s+|wage\s+|small[- ]claims?\s+|dmca\s+|police\s+|[a-z]+\s+){0,2}(?:suit|lawsuit|claim|complaint|grievance|charge|proceeding|case|action|takedown|report|demand)s?\b(?!\s+(?:on your behalf|for you)\b)|\bfil(?:e|es|ed|ing)\s+for\s+(?:eviction|an injunction|a court order|a restraining order|possession)\b|\bfil(?:e|ing)\s+in\s+(?:the\s+)?(?:small claims|court|county court)\b|\b(?:gets|get|will be|to be|be)\s+filed\b/,
  // Already under way: "a claim has been issued against you", "this case has been referred to
  // Action Fraud", "the details have been shared with our regulator".
  /\b(?:claim|proceedings|lawsuit|suit|case|complaint|report)\s+(?:has|have)\s+(?:now\s+|already\s+)?been\s+(?:issued|filed|brought|lodged|started|commenced|made|submitted)\b|\b(?:has|have)\s+(?:now\s+|already\s+|today\s+)?been\s+reported\b[^.!?]{0,60}\bto\b/,
  /\b(?:will|'ll|shall|going to|gonna|obliged to|forced to|have to|no choice but to)\s+(?:\w+\s+){0,3}?(?:call|contact|inform|notify|alert|involve|get)\s+(?:the\s+)?police\b/,
  /\b(?:i|we|i'll|we'll|will|'ll|shall|going to|gonna|to)\s+(?:\w+\s+){0,2}?(?:get|obtain|seek|apply for)\s+(?:an?\s+)?(?:injunction|court order|restraining order)\b/,
  /\b(?:(?:lodg|submitt|submit|rais|mak|made|sen[dt]|drafted)(?:e|ed|es|ing)?|put(?:ting)?\s+in)\s+(?:a\s+|an\s+|my\s+|our\s+)?(?:formal\s+|official\s+|separate\s+|[a-z]+\s+)?(?:complaint|complain|grievance|claim|report|r[ée]clamation|reclamaci[óo]n|reclama[çc][ãa]o|plainte|denuncia|queja|beschwerde|anzeige|esposto|klacht)s?\b/,
  // Said by someone who reports: "I'm reporting it to the FTC", "we have reported this to"; not
  // "suspicious-activity reports to regulators".
  /\b(?:i|we|i've|we've|i'm|we're|i'll|we'll|i'd|we'd|ive|weve|im|ill|will|shall|going to|gonna|have|has|had|already|now|be|been|(?:obliged|forced|decided|required|bound|planning|intend|no choice but) to)\s+(?:\w+\s+){0,2}?report(?:ed|ing)?\s+(?:(?:you|this|it|that|them|him|her|everything|(?:your|the) \w+(?: \w+)?)\s+)?to\s+(?!(?:the\s+|my\s+|our\s+)?(?:hiring|vp|cto|ceo|head|manager|team lead|director|client|data protection officer|dpo\b|privacy|compliance|security))(?:the\s+|my\s+|our\s+)?\w/,
  /\btak(?:e|es|ing|en)\s+(?:legal\s+)?(?:action|steps|measures)\b|\btak(?:e|es|ing|en)\s+(?:this|it|the matter|things|you)\s+(?:further|to (?:court|a tribunal|the tribunal|a judge|small claims))\b|\b(?:i|we|i'm|we're|i'll|we'll|i've|we've|will|shall|going to|gonna)\s+(?:\w+\s+){0,2}?(?:tak(?:e|es|ing|en)|took|bring|bringing|brought)\s+(?:this|it|the matter|the case|that|everything)\s+(?:up\s+)?(?:to|before)\s+(?:the|an?|my|our)\s/,
  /\b(?:legal\s+)?(?:action|proceedings|steps|measures)\s+(?:will|shall|may|would)\s+be\s+(?:taken|issued|initiated|commenced|brought|filed|started)\b|\bproceedings\s+(?:will|shall)\b/,
  /\b(?:proceedings|action|claim|case|complaint|suit|lawsuit|charges)\s+against\s+(?:you|your)\b|\b(?:consider|explor|weigh)(?:e|es|ed|ing)?\s+(?:all\s+)?(?:our\s+|my\s+)?legal\s+(?:action|proceedings|options|remedies|recourse|steps)\b/,
  /\b(?:pursu|seek|claim|recover)(?:e|es|ed|ing)?\s+(?:every\s+|all\s+|any\s+)?(?:available\s+)?(?:legal\s+|the\s+)?(?:remed(?:y|ies)|damages|costs|compensation|the (?:fee|sum|amount|costs?)|recovery|an injunction|injunctive relief|relief|action|a claim|(?:this|the) matter|legal action)\b/,
  /\b(?:bring|bringing|brought|initiat|commenc|issu|start|started|starting|begin|began|apply|applied|applying)(?:e|ed|es|ing)?\s+(?:a\s+|an\s+)?(?:legal\s+|formal\s+|early\s+|[a-z]+\s+)?(?:claim|proceedings|action|case|suit|lawsuit|conciliation|arbitration|injunction)\b|\bappl(?:y|ied|ying)\s+to\s+the\s+courts?\b/,
  /\b(?:see|meet) you in (?:court|small claims|the tribunal)\b|\bfile\s+against\s+you\b|\b(?:go|going|come|coming|(?:take|drag|charge|haul|bring) you)\s+to\s+(?:the\s+)?court\b|\bexplain\b[^.!?]{0,60}\bto (?:a|an|the|their) (?:judge|court|tribunal|magistrate|arbitrator|ombudsman|regulator|police)\b|\bin front of a (?:judge|magistrate)\b|\blet (?:a|the) (?:judge|magistrate|court|tribunal) decide\b|\bpapers (?:are|were) being (?:drawn up|prepared|filed|served)\b|\b(?:write|wrote|writing|file|filed|submit|submitted)\s+a\s+petition\b/,
  // A claim or litigation in view: "we have a claim for those costs", "a formal demand will follow",
  // "Tessaline anticipates litigation", "you are directed to preserve any documents".
  /\b(?:we|i|they|our client)\s+(?:have|has)\s+a\s+(?:valid\s+|strong\s+|legal\s+|good\s+)?claim\s+(?:for|against|to)\b|\bformal demand (?:will|shall) follow\b|\b(?:anticipat|contemplat|expect)\w*\s+(?:litigation|legal action|proceedings)\b|\blitigation hold\b|\bpreserve\s+(?:all\s+|any\s+)?(?:relevant\s+)?(?:documents|evidence|records|communications)\b|\blodg(?:e|es|ed|ing)\s+(?:it|this|the matter|a claim|the claim|an application|a complaint)\s+with\b/,
  // Other systems' steps in plain words: "asked our outside counsel to review the situation",
  // "placed with Sterling Crest Recovery for collection", "opened a case", "the Ministry of
  // Manpower has been notified", "decided to proceed legally", "drafting the small claims paperwork".
  new RegExp(String.raw`\basked\s+(?:my|our)\s+(?:outside\s+)?${LAW}\s+to\s+(?:review|look|act|advise|handle|deal|take|pursue|send|prepare|draft)\b`),
  /\b(?:placed|handed|passed|referred|sent|transferred|assigned|given|gave|giving|goes|go|will go|is going)\s+(?:over\s+|this\s+|it\s+|the (?:debt|invoice|claim|account|matter)\s+)?(?:to|with)\b[^.!?]{0,60}\b(?:for\s+collection|collection\s+agenc\w+|debt\s+collect\w*|incasso|recovery\s+agenc\w+|recoveries\b|collections\b)|\battempt to collect a debt\b|\bhanded over to\s+(?:an?\s+)?(?:incasso|debt|collection)/,
  /\bopen(?:ed|ing)?\s+a\s+(?:criminal\s+|police\s+)?case\b|\b(?:decided|resolved|chosen|forced)\s+to\s+proceed\s+(?:legally|against you|with (?:legal action|the claim|proceedings))\b/,
  /\b(?:drafting|preparing|filling (?:in|out)|filled (?:in|out)|drawing up|drawn up)\s+(?:the\s+)?(?:[a-z]+\s+){0,3}(?:paperwork|papers|forms?|claim|complaint)\b|\b(?:forwarded|sent|submitted|passed)\b[^.!?]{0,80}\b(?:along with|together with|with)\s+a\s+(?:formal\s+)?complaint\b/,
  // A lawyer brought in: "we have instructed Harcourt & Vale LLP", "I've passed the whole thread to
  // counsel", "this is now a matter for our lawyers", "you'll be hearing from our legal department".
  new RegExp(String.raw`\b(?:instruct|instructed|retain|retained|engag|engaged|hir|hired|involv|involved)(?:e|es|ing)?\s+(?:a\s+|an\s+|my\s+|our\s+|the\s+)?${LAW}|\binstructed\s+(?:[a-z&'.-]+\s+){1,5}to act (?:for us|for me|on (?:our|my) behalf)\b`),
  new RegExp(String.raw`\b(?:i|we|i've|we've|i'm|we're|i'll|we'll|i'd|we'd|will|shall|going to|gonna|have|has|had|already|now|be|been|just|me to|us to)\s+(?:\w+\s+){0,2}?(?:pass|passed|passing|forward|forwarded|forwarding|hand|handed|handing|refer|referred|referring|send|sent|sending|escalat(?:e|ed|ing)|turn(?:ed|ing)? over|giv(?:e|en|ing)|gave|shared|reported)\b[^.!?]{0,60}?\b(?:to|with)\s+(?:my\s+|our\s+|the\s+|a\s+)?${LAW}(?![^.!?]{0,30}\bfor (?:a\s+|final\s+|their\s+)*(?:review|approval|sign-?off|check|look|signature|the nda|drafting)\b)`),
  // The writer's own lawyer given an adversarial job: "our legal team is reviewing the contract for
  // the damage claim", "our lawyers are instructed to request repayment and the penalty", "our
  // lawyer will prepare the documents for the arbitration court", "our attorneys are preparing to
  // act"; not "our legal team will send the NDA" or "our counsel is reviewing your contract".
  new RegExp(String.raw`\b(?:my|our|the company's)\s+${LAW}\b(?![^.!?]{0,40}\b(?:added|drafted|included|inserted|wrote|put in)\b)[^.!?]{0,100}?\b(?:damages?|compensation|repayment|penalt(?:y|ies)|claims?|proceedings|court|arbitration|tribunal|recovery|lawsuit|injunction|diffida|mahnung|mise en demeure|requerimiento|formal (?:demand|notice|letter)|official letter|preparing to act|ready to act|(?:already\s+)?filed|(?:send|sends|sending|will send|is sending)\s+you\s+(?:a|an|the)\s+(?:letter|notice|demand)|(?:contact|contacting|write to|writing to|in touch with)\s+you)\b`),
  // "I talked with an advogado and he says I should open a claim", "spoke with a lawyer: we have a case".
  new RegExp(String.raw`\b(?:spoken|spoke|talked|consulted|checked)\s+(?:with|to)\s+(?:an?|my|our)\s+${LAW}\b[^.!?]{0,60}\b(?:(?:i|we)\s+(?:should|could|can|will|have to)\s+(?:open|file|sue|start|bring|take|go|claim)|(?:have|has)\s+a\s+(?:strong\s+|good\s+|clear\s+)?(?:case|claim))\b`),
  // "It goes to our legal team", "the file has gone to our legal department"; not a contract clause
  // where "disputes go to arbitration rather than to the courts".
  new RegExp(String.raw`\b(?:it|this|that|the (?:file|matter|claim|case|debt|invoice|account|balance|thing)|everything)\s+(?:goes|will go|is going|went|has gone|'s gone|gets passed|will be passed)\s+(?:straight\s+)?to\s+(?:my\s+|our\s+|the\s+|a\s+)?${LAW}`),
  new RegExp(String.raw`\b(?:a matter for|in the hands of|now with|already with|over to|referred to)\s+(?:my|our|the)\s+${LAW}`),
  new RegExp(String.raw`\b(?:my|our|the)\s+${LAW}\s+(?:already\s+|now\s+)?(?:(?:has|have|holds?)\s+(?:already\s+|now\s+)?(?:copies|everything|all of|a copy|the (?:emails?|thread|file|evidence|screenshots|link)|been (?:instructed|asked|told|notified|informed|made aware|briefed|sent))|is preparing|are preparing|is drafting|are drafting|will be (?:in touch|(?:contacting|writing to|reaching out to)\s+(?:you|them|him|her|your)))\b|\b(?:into|become|becomes|ends up as)\s+(?:something|a matter|a job)\s+for\s+(?:my|our|the)\s+${LAW}|\b(?:spoken|spoke|talked|consulted|checked)\s+(?:with|to)\s+(?:my|our)\s+${LAW}\b[^.!?]{0,40}\b(?:breach|against you|clear|steps|case|claim|options)\b`),
  /\byou(?:'ll| will)\s+(?:be\s+)?(?:hearing|hear|getting|get|receiving|receive|served|be served)\b(?:\s+(?:a|the|formal|your)\s+(?:[a-z]+\s+)?(?:letter|papers|paperwork|notice|summons|claim form))?\s+from\b|\bexpect\s+(?:to\s+hear\s+from|a\s+(?:letter|call|claim)\s+from|(?:formal\s+)?paperwork|papers|to be served)\b|\bexpect\b[^.!?]{0,40}\ba\s+(?:formal\s+)?(?:letter|call|claim|visit)\s+from\b/,
  /\b(?:turn|turns|turning|turned|become|becomes|becoming|is now|this is)\s+(?:into\s+)?a\s+(?:police|legal|court|criminal)\s+matter\b/,
  new RegExp(String.raw`\b(?:have|get|set|put|send)\s+(?:my|our)\s+${LAW}\s+(?:on|onto|after)\s+(?:you|your)\b`),
  // Formal notice.
  // Plural notices are a product or a job ("auto-generates cease-and-desist letters"), a threat is one.
  /\bcease[- ]and[- ]desist\b(?!\s+(?:letters|notices|orders|requests))|\blegal notice\s+(?:is being|has been|will be|shall be)\s+(?:sent|served|issued)\b|\b(?:send|sending|sent|serve|serving|issue|issuing)\s+(?:you\s+)?(?:a\s+)?legal notice\b|\b(?:send|sending|sent|serve|serving|served|issue|issuing)\s+(?:you\s+)?(?:a\s+|the\s+)?formal\s+(?:demand|notice|letter|complaint|requerimiento|diffida|mahnung|mise en demeure)\b|\bletter before (?:action|claim)\b|\bdemand letter\b|\bformal notice\b|\bon notice\b|\breserve(?:s|d)? (?:all )?(?:of )?(?:our |my |its )?(?:legal )?rights\b|\bthrough the courts?\b|\bwithout (?:any )?further (?:notice|reference|warning)\b|\bat your (?:own )?cost and consequences?\b|\bpress charges\b|\bsubpoena\b|\bcourt order (?:against|for|on) you\b/,
];

// A cue under these in the few words before it is a reassurance: "we would never take legal action".
const REASSURANCE = /\b(?:never|won't|will not|wouldn't|would not|not going to|no need to|don't need to|do not need to|no intention (?:of|to)|no plans? to|not planning to|not looking to|don't want to|do not want to|nobody is going to|no one is going to|nothing (?:will|would|is going to|gets)|isn't|is not|aren't|are not|without)\s+(?:\w+\s+){0,3}$|\b(?:nothing|nobody|no one)\s+$/;
// ...nor when the cue opens a clause of its own: "in a repo that isn't ours i'll get an injunction".
const NEW_CLAUSE = /^(?:i|we|i'll|we'll|i'm|we're|i've|we've|i'd|we'd)\b/;
// ...unless the negation belongs to a condition: "if the laptop isn't back by Friday our lawyers will be in touch".
const CONDITION = /\b(?:if|unless|until|once|when)\s+(?:[\w']+\s+){0,5}?(?:isn't|is not|aren't|are not|hasn't|has not|haven't|have not|don't|do not|doesn't|does not|won't|will not|never)\b/;

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim().length > 0);
}

/** Each term as a whole word, plural allowed; compiled once per term list, not per sentence. */
const TERM_PATTERNS = new WeakMap<readonly string[], Array<[string, RegExp]>>();
function termPatterns(terms: readonly string[]): Array<[string, RegExp]> {
  let patterns = TERM_PATTERNS.get(terms);
  if (!patterns) {
    patterns = terms.map((t) => [t, new RegExp(`\\b${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`)]);
    TERM_PATTERNS.set(terms, patterns);
  }
  return patterns;
}

function termIn(sentence: string, patterns: Array<[string, RegExp]>): string | undefined {
  return patterns.find(([, re]) => re.test(sentence))?.[0];
}

// A step the reader is told they may take is advice, not a threat: "please report it to the FTC",
// "you are entitled to refer it to the Information Commissioner's Office".
// Also a step the reader took themself: "I'm sorry you felt you needed to make a formal complaint".
const ADVICE = /\b(?:please|you (?:also |still |always )?(?:can|may|could|should|would|are entitled to|have the right to)|you're (?:also )?entitled to|feel free to|entitled to|you(?: felt you)? (?:needed|wanted|decided|chose|had) to|prevents? you from|stops? you from|(?:doesn't|does not|won't|will not) (?:cover|affect|include|apply to)|things like)\b(?:(?!\b(?:we|i|our|my|that|note|advised|aware|find)\b)[^,;:]){0,60}$/;
// "Under the GDPR you have the right to access…, and to lodge a complaint": the reader's rights.
const RIGHTS = /\b(?:right|rights|entitled) to\b/;
// The steps a reader may be advised to take.
const READER_STEP = /^(?:report|refer|fil|lodg|submit|mak|made|rais|contact|complain|send|sent|forward|tak|took|bring|brought)/;

// A step the reader is told about in general: "what to do if you ever receive a cease-and-desist".
const HYPOTHETICAL = /\b(?:what to do if|how to (?:handle|respond to|deal with|answer)|if you (?:ever )?(?:receive|get)|in case you (?:ever )?(?:receive|get))\b[^.!?]{0,40}$/;
// Someone else threatened the writer: "he'll sue unless I take it down", "they'll sue me in small
// claims" (a friend asking for advice, not a threat to the reader).
const THIRD_PARTY_SUBJECT = /\b(?:he|she|they)(?:'ll|'s|'re| will| is| are| would| could)?(?:\s+\w+){0,2}\s*$/;
const AGAINST_WRITER = /^\s*(?:me|us)\b|^[^.!?]{0,40}?\bunless (?:i|we)\b(?!\s+(?:hear|get|receive|have|see)\b)/;

// A complaint about someone named other than the reader: "a formal complaint about my team lead".
const THIRD_PARTY_TARGET = /^\s+(?:about|against)\s+(?:them|him|her)\b|^\s+(?:about|against)\s+(?:my|our|his|her|their|a|the)\s+(?:team lead|manager|boss|line manager|supervisor|colleague|co-?worker|landlord|neighbou?r|tenant|teacher|doctor|recruiter|client|ex|partner|husband|wife|brother|sister|mother|father)\b/;

// Reporting a scam to the police warns the reader: "we have reported these accounts to the police".
const SCAM_REPORTED = /\breport(?:ed|ing)?\s+(?:the|these|those)\s+(?:domains?|accounts|scam\w*|fraudsters?|impersonators?|phishing \w+|fake \w+|websites?|sites|numbers)\b/;

// The writer received the notice: "I just got a cease and desist from their lawyers".
const RECEIVED = /\b(?:i|we)\s+(?:just\s+|also\s+|recently\s+|have\s+|'ve\s+)?(?:got|get|received|was sent|were sent|was served|were served|am getting)\s+(?:a\s+|an\s+)?$|\b(?:sent|served|gave|handed|emailed|mailed)\s+(?:me|us)\s+(?:a\s+|an\s+|the\s+)?$/;
// A step aimed at someone else, in a sentence that never names the reader: "my solicitor is sending
// him a notice for breach of his lease", "our legal team has sent them a formal notice".
const AIMED_ELSEWHERE = /\b(?:send|sends|sending|sent|serv(?:e|es|ed|ing))\s+(?:him|her|them)\s+(?:a|an|the)\s+(?:formal\s+|legal\s+|final\s+)?(?:notice|letter|demand|claim|cease|summons|writ)|\b(?:against|sue|suing|sued|reported)\s+(?:him|her|them)\b/;
const READER = /\byou(?:r|rs|rself)?\b/;
// A sentence that says it is a joke ("i'm suing you for emotional damages 😂 (jk)"), or that its
// complaint is not about the reader ("I want to make a complaint - not about you! - about…").
// Only marks that say "not serious": laughter alone ("lol") also rides on sarcastic threats.
const JOKE = /\b(?:jk|j\/k|just kidding|only kidding|kidding)\b|[\u{1F602}\u{1F923}\u{1F61C}]/u;
// (Leet folding may have made "you!" "youi".)
const NOT_ABOUT_READER = /\bnot (?:about|against|aimed at|directed at) you(?:i|!)?\b/;

/**
 * Whether a sentence carries a threat cue: `threat`; a cue the guards above discount (a
 * reassurance, advice, a step aimed elsewhere): `guarded`; no cue at all: `none`.
 */
function threatCueIn(sentence: string): 'threat' | 'guarded' | 'none' {
  if ((AIMED_ELSEWHERE.test(sentence) && !READER.test(sentence)) || JOKE.test(sentence) || NOT_ABOUT_READER.test(sentence)) return 'guarded';
  let guarded = false;
  for (const cue of THREAT_CUES) {
    const m = cue.exec(sentence);
    if (!m) continue;
    guarded = true;
    const before = sentence.slice(Math.max(0, m.index - 60), m.index);
    if ((REASSURANCE.test(before) && !CONDITION.test(before) && !NEW_CLAUSE.test(m[0])) || HYPOTHETICAL.test(before) || RECEIVED.test(before) || (READER_STEP.test(m[0]) && (ADVICE.test(before) || RIGHTS.test(sentence.slice(0, m.index))))) continue;
    if (SCAM_REPORTED.test(m[0]) || THIRD_PARTY_TARGET.test(sentence.slice(m.index + m[0].length))) continue;
    const lead = /^(?:will|'ll|shall|going to|gonna)\s+/.exec(m[0])?.[0] ?? '';
    if (THIRD_PARTY_SUBJECT.test(sentence.slice(0, m.index) + lead) && AGAINST_WRITER.test(sentence.slice(m.index + m[0].length))) continue;
    return 'threat';
  }
  return guarded ? 'guarded' : 'none';
}

// Threats that name their step in words no config list needs: "see you in small claims", "we will
// file against you".
const SELF_EVIDENT = /\breserve\s+all\s+(?:of\s+)?(?:our|my|its)\s+(?:legal\s+)?rights\b|\bexpect\s+(?:legal\s+|formal\s+)?(?:paperwork|papers|a letter)\s+from\s+(?:his|her|their)\s+office\b|\bfil(?:e|ed|ing)\s+a\s+(?:formal\s+)?(?:claim|complaint)\s+against\s+(?:you|your)\b|\b(?:ministry|police|regulator|authorities|commission(?:er)?|licensing board|ombudsman)\b[^.!?]{0,40}\b(?:has|have)\s+been\s+(?:notified|informed|alerted|contacted)\b|\b(?:issue|file|lodge|bring|start)\s+a\s+(?:formal\s+|legal\s+|small\s+)?claims?\s+(?:through|against|in|at|with)\b|\battempt to collect a debt\b|\bpursue\s+(?:all\s+|the\s+|any\s+)?(?:legal\s+)?remedies\s+available\b|\b(?:will|'ll|shall|going to|gonna|intend to|plan to)\s+(?:pursue|bring|issue|file|lodge)\s+a\s+(?:formal\s+)?claim\b|\b(?:passed|handed|referred|transferred|sold|assigned)\s+(?:over\s+)?to\s+(?:[a-z&'.-]+\s+){1,4}(?:recoveries|collections|debt recovery|credit management)\b|\b(?:see|meet) you in (?:court|small claims|the tribunal)\b|\bfile\s+against\s+you\b|\b(?:sue|suing)\s+you\b|\b(?:will|'ll|shall|going to|gonna|to)\s+sue\b(?!\s+for (?:peace|a\b))|\bfil(?:e|ed|ing)\s+(?:a\s+)?(?:civil\s+)?(?:suit|lawsuit)\b|\bcease[- ]and[- ]desist\b(?!\s+(?:letters|notices|orders|requests))|\bletter before action\b/;

/**
 * The legal-threat model (`scripts/train-legal.ts`; docs/safety.md): a linear model over the words
 * and word pairs of a sentence holding a listed legal term, read with the sentences before and
 * after it. It speaks only where no cue matched at all, for threats said in words no cue lists
 * ("our legal team is reviewing the contract for the damage claim; they will write next week"),
 * and decides from `threshold`, set above every look-alike it had not seen in training.
 */
export interface LegalModel {
  bits: number;
  bias: number;
  threshold: number;
  w: Record<string, number>;
}
const MODEL = legalWeights as unknown as LegalModel;

/** A sentence holding a listed term, with the text the model reads for it. */
export interface TermSentence {
  term: string | undefined;
  sentence: string;
  /** The sentence with its neighbours, as the model reads it; '' when it holds no listed term. */
  context: string;
}

/**
 * The normalised sentences of `text`, all of it, each with the listed term it holds (if any) and
 * its context. Until 2026-11-27 only the first 200,000 characters were read, and a threat past
 * them was not. Each sentence is tested only for the terms the whole text holds (a sentence is a
 * piece of it between spaces): tested for every term, a megabyte of ". " took half a second.
 */
export function termSentences(text: string, terms: readonly string[]): TermSentence[] {
  const normalised = normaliseForMatching(text);
  const all = sentences(normalised);
  const patterns = termPatterns(terms).filter(([, re]) => re.test(normalised));
  return all.map((sentence, i) => {
    const term = termIn(sentence, patterns);
    return { term, sentence, context: term === undefined ? '' : `${all[i - 1] ?? ''} ${sentence} ${all[i + 1] ?? ''}` };
  });
}

/** The model's probability that a sentence's context is a threat. */
export function legalModelProbability(context: string, model: Pick<LegalModel, 'bits' | 'bias' | 'w'> = MODEL): number {
  return probability(model, features(context, model.bits));
}

// A notice that says the reader is not its target: a settlement notice ("you are not being sued"),
// a legal hold sent to a witness ("you are not a party to this matter").
const NOT_AGAINST_READER = /\byou are not (?:being sued|a party to (?:this|the) (?:matter|dispute|case|lawsuit|action|claim))\b(?!,?\s*(?:yet|for now|at this (?:point|stage|time)))|\bnothing in this (?:notice|letter|email|message) (?:suggests|implies|alleges) (?:any )?wrongdoing\b/;

/** What the cues find in a mail: the term of a threat they see, or the sentences left to the model. */
export interface LegalReading {
  /** The legal term of the first sentence a cue makes a threat; null when none does. */
  cue: string | null;
  /** Sentences with a listed term and no cue at all, each with the context the model reads. */
  unmarked: Array<{ term: string; context: string }>;
}

export function readLegal(text: string, terms: readonly string[]): LegalReading {
  const all = termSentences(text, terms);
  const unmarked: LegalReading['unmarked'] = [];
  if (all.some((s) => NOT_AGAINST_READER.test(s.sentence))) return { cue: null, unmarked };
  for (const { term: listed, sentence, context } of all) {
    const term = listed ?? SELF_EVIDENT.exec(sentence)?.[0];
    if (term === undefined) continue;
    const cue = threatCueIn(sentence);
    if (cue === 'threat') return { cue: term, unmarked: [] };
    if (cue === 'none' && listed !== undefined) unmarked.push({ term: listed, context });
  }
  return { cue: null, unmarked };
}

/**
 * The term of the first sentence that carries a legal term and a threat cue, or else of the first
 * sentence with a listed term and no cue that the model reads as a threat; null when none.
 * `useModel: false` gives the cues alone (the training script labels with them).
 */
export function findLegalThreat(text: string, terms: readonly string[], opts: { useModel?: boolean } = {}): string | null {
  const reading = readLegal(text, terms);
  if (reading.cue !== null || opts.useModel === false) return reading.cue;
  return reading.unmarked.find((u) => legalModelProbability(u.context) >= MODEL.threshold)?.term ?? null;
}
