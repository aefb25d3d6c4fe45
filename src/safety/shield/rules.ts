/**
 * SHIELD's rules, over text from `normaliseForShield` (lower case, leet folded, spaced letters
 * joined). Each rule describes what an attack or a crisis statement does, not a single word:
 * a weight of 1 decides alone, smaller weights need company. Every pattern is a literal-led
 * alternation with bounded gaps; none nests unbounded quantifiers, so matching is linear.
 */
export type RuleKind = 'jailbreak' | 'crisis';
export interface Rule {
  id: string;
  category: string;
  kind: RuleKind;
  weight: number;
  re: RegExp;
  /** Markup rules read the text before leetspeak folding, which would turn `<|im_end|>` into `<lim_end|>`. */
  structural?: boolean;
}

const J = (id: string, category: string, weight: number, re: RegExp): Rule => ({ id, category, kind: 'jailbreak', weight, re });
const S = (id: string, category: string, weight: number, re: RegExp): Rule => ({ id, category, kind: 'jailbreak', weight, re, structural: true });
const C = (id: string, category: string, weight: number, re: RegExp): Rule => ({ id, category, kind: 'crisis', weight, re });

// Words that address a machine reader; used to tell "act as a liaison" from "act as an AI".
const AI = String.raw`(?:ai|a\.i\.|chatgpt|gpt-?\d?o?|openai|llm|language model|chatbot|bot|assistant|ai assistant|email assistant|agent|claude|gemini|bard|copilot|model)`;
const OVERRIDE_VERB = String.raw`(?:ignore|disregard|forget|override|bypass|neglect|discard)`;
const RULE_NOUN = String.raw`(?:instructions?|prompts?|rules|directives?|guidelines|programming|restrictions|constraints|commands|context|guardrails|policies|safeguards|filters|training)`;

export const JAILBREAK_RULES: Rule[] = [
  J('override-qualified', 'jailbreak_keyword', 1, new RegExp(String.raw`\b${OVERRIDE_VERB}\s+(?:(?:all|any|of|the|your|these|those|every)\s+){0,3}(?:previous|prior|above|earlier|preceding|former|initial|original|pre-?existing|system|safety|old)\s+(?:[a-z]+\s+)?${RULE_NOUN}\b`, 'g')),
  J('override-yours', 'jailbreak_keyword', 1, new RegExp(String.raw`\b${OVERRIDE_VERB}\s+(?:(?:all|any|of)\s+){0,2}(?:your|all)\s+(?:[a-z]+\s+)?${RULE_NOUN}\b`, 'g')),
  J('override-requests', 'jailbreak_keyword', 1, /\b(?:ignore|disregard)\s+(?:all|any)\s+(?:prior|previous)\s+(?:requests|input|text|messages)\b/g),
  J('regardless-instructions', 'jailbreak_keyword', 1, /\bregardless of (?:your|any|all)\s+(?:previous\s+|prior\s+|pre-?existing\s+)?(?:instructions|guidelines|restrictions|rules|programming|input|context)\b/g),
  J('new-task', 'jailbreak_keyword', 1, /\byour (?:new|real|actual|true) (?:task|instructions?|goal|objective|directive|purpose) (?:is|are|will be)\b/g),
  J('system-prompt-ask', 'jailbreak_keyword', 1, /\b(?:reveal|show|print|output|repeat|display|tell me|give me|share|disclose|leak|what is|what's|what are|write out|dump|paste|send me|recite)\s+(?:me\s+)?(?:your|the|all|any)?\s*(?:full\s+|entire\s+|initial\s+|original\s+|hidden\s+|secret\s+|exact\s+)?(?:system\s+prompt|system\s+message|system\s+instructions|initial\s+instructions|instructions you (?:were|have been) given|prompt above|hidden instructions|knowledge base|internal instructions|configuration prompt)/g),
  J('system-prompt', 'jailbreak_keyword', 0.5, /\b(?:system prompt|pre-?prompt|initial prompt)\b/g),
  J('jailbreak-word', 'jailbreak_keyword', 0.5, /\bjailbr(?:eak|eaks|oken|eaking)\b/g),
  J('no-ethics', 'jailbreak_keyword', 1, /\b(?:no|without|free (?:from|of)|not bound by|not subject to|unbound by|ignore|ignores|beyond)\s+(?:any\s+|all\s+)?(?:ethical|moral|content|safety|openai|programming)\s+(?:or\s+moral\s+)?(?:restrictions|limitations|filters|censorship|guidelines|constraints|boundaries|rules|limits|policies|considerations|principles)\b/g),
  J('unrestricted', 'jailbreak_keyword', 0.5, /\b(?:unfiltered|uncensored|unrestricted|amoral|unethical|unhinged|no restrictions|without restrictions|no limitations|no filters|no censorship)\b/g),
  J('content-policy', 'jailbreak_keyword', 1, /\b(?:openai|anthropic)(?:'s)?\s+(?:content\s+|usage\s+)?(?:polic(?:y|ies)|guidelines|rules)\b/g),
  J('addressed-reader', 'jailbreak_keyword', 1, new RegExp(String.raw`\b(?:dear|hey|hi|hello|attention|note to|message to|instructions for|important for)\s+(?:the\s+)?${AI}\s*[,:!]`, 'g')),
  J('ai-reading', 'jailbreak_keyword', 1, new RegExp(String.raw`\b${AI}s?\s+(?:reading|processing|summari[sz]ing|parsing|handling|answering|screening)\s+(?:this|these|the following)\b`, 'g')),
  J('if-told', 'jailbreak_keyword', 1, /\bif you are (?:told|asked|instructed) to (?:summari[sz]e|answer|respond|reply|process|classify)\b/g),
  J('when-you-process', 'jailbreak_keyword', 0.5, /\bwhen you (?:summari[sz]e|process|read|parse|analy[sz]e) this (?:email|message|document|text)\b/g),
  J('operating-as', 'jailbreak_keyword', 0.5, /\byou are (?:running|operating|functioning) (?:as|in) (?:part of |a |an )?/g),
  J('privileges', 'jailbreak_keyword', 0.5, /\b(?:grant|give|enable)\s+(?:me\s+|yourself\s+)?(?:temporary\s+)?(?:admin|administrative|root|elevated|developer|sudo)\s+(?:privileges|access|rights|mode)\b/g),
  J('response-directive', 'jailbreak_keyword', 0.5, /\b(?:include|insert|add|append|output|print|write|repeat|start|begin|end)\b[^.\n]{0,40}\b(?:in|to|at the (?:start|end|beginning) of|with)\s+your\s+(?:response|reply|output|answer|summary|completion)\b/g),
  S('exfil-markup', 'jailbreak_keyword', 0.5, /!\[[^\]\n]{0,60}\]\(\s*https?:[^)\s]{0,200}\?|<(?:img|svg|iframe|script)\b[^>]{0,200}\bon[a-z]{2,12}\s*=|\bjavascript:|\bconsole\.log\(/g),
  J('test-framing', 'jailbreak_keyword', 0.5, /\b(?:for testing purposes(?: only)?\s*[:,]|this is a test\.|part of a test pipeline|to enable debugging,|system malfunction\.|unlock hidden functionalit(?:y|ies)|enable experimental features)/g),
  J('mode-on', 'author_marker', 1, /\b(?:developer|dev|debug|god|jailbreak|jailbroken|dan|unrestricted|unfiltered|admin|sudo|evil|chaos|opposite)\s+mode\b[^.\n]{0,20}\b(?:enabled|activated|on|engaged|unlocked)\b|\b(?:enable|activate|enter|operating in|running in|you are in|switch to)\s+(?:the\s+)?(?:developer|dev|debug|god|jailbreak|dan|unrestricted|unfiltered|admin|sudo)\s+mode\b/g),
  J('mode', 'author_marker', 0.5, /\b(?:developer|god|jailbreak|dan|unrestricted|unfiltered|sudo|evil)\s+mode\b/g),
  J('dan', 'author_marker', 1, /\bdo anything now\b|\b(?:you are|you're|act as|become|called|named|pretend to be)\s+(?:now\s+)?(?:a\s+)?dan\b|\b(?:betterdan|anti-?dan|dan \d+\.\d)\b|\[\s*(?:🔓|🔒)?\s*(?:jailbreak|classic|dan)\s*\]/g),
  J('no-limits-ai', 'author_marker', 1, new RegExp(String.raw`\b(?:no limits|unlimited|unrestricted|unfiltered|uncensored|evil|rogue|free|liberated|jailbroken|omniscient|do anything)\s+${AI}\b`, 'g')),
  J('refuse-never', 'refusal_inversion', 1, /\b(?:never|do not|don't|must not|should not|shouldn't|will not|won't|cannot|can't|are not allowed to|not permitted to)\s+(?:ever\s+)?(?:refuse|decline)\s+(?:to|a|any|my|the|your)\b/g),
  J('comply-always', 'refusal_inversion', 1, /\b(?:you|it)\s+(?:must|will|shall|should)\s+(?:always\s+)?(?:comply|obey|answer (?:any|every|all))\b|\brefrain from (?:not )?complying\b/g),
  J('no-sorry', 'refusal_inversion', 1, /\bnever (?:say|use|include) (?:the words?|phrases?|"?i'?m sorry|"?sorry|"?i can'?t|"?as an ai|"?cannot)|\b(?:do not|don't|never)\s+(?:include|add|give|write)\s+(?:any\s+)?(?:disclaimers|warnings|moral(?:ity)? lectures|caveats)\b|\bwithout (?:any )?(?:disclaimers|moral(?:izing)?|warnings or|ethical (?:warnings|considerations))\b/g),
  J('in-character', 'refusal_inversion', 1, /\b(?:stay|remain|keep) in character\b|\bbreak(?:ing)? character\b/g),
  J('if-refuse', 'refusal_inversion', 0.5, /\bif you (?:refuse|don't comply|do not comply|fail to comply)\b/g),
  J('now-no-longer', 'persona_injection', 1, new RegExp(String.raw`\byou (?:are|'re) (?:now|no longer|not)\s+(?:an?\s+|the\s+)?(?:[a-z]+\s+){0,2}?${AI}\b(?!\s+(?:engineer|team|role|position|company|startup|product|researcher|scientist|lab))`, 'g')),
  J('not-bound', 'persona_injection', 1, /\byou (?:are|'re) (?:now |no longer |not )(?:bound|restricted|limited|censored|constrained|subject to)\b|\b(?:freed|free) (?:from|of) (?:the )?(?:typical |usual )?(?:confines|restrictions|constraints|limitations)\b/g),
  J('from-now-on', 'persona_injection', 0.5, /\bfrom now on,? you (?:are|will|must|shall|should)\b|\b(?:act|respond|behave|answer)\s+as\s+(?:both|two)\b|\btwo (?:different |separate )?(?:responses|answers|paragraphs)\b/g),
  J('chatgpt', 'persona_injection', 0.5, /\b(?:chatgpt|gpt-?[34](?:\.5)?|your (?:ai )?programming|as an ai(?: language model)?)\b/g),
  J('harm-regardless', 'refusal_inversion', 1, /\b(?:even if|no matter how|regardless of (?:how|whether)|whether or not|doesn't matter if|does not matter if)\b[^.\n]{0,40}\b(?:illegal|unethical|immoral|harmful|offensive|inappropriate|dangerous|explicit)\b/g),
  J('no-morals', 'jailbreak_keyword', 1, /\b(?:no|without|doesn't have|does not have|don't have|lacks?|free of|devoid of|disregards?|doesn't care about|does not care about)\s+(?:any\s+)?(?:ethics|morals|morality|moral compass|conscience|ethical guidelines)\b/g),
  J('prompt-talk', 'jailbreak_keyword', 0.5, /\b(?:this|my|the following|next|every|each|your|first)\s+prompts?\b(?!\s*(?:engineer|design|library|tuning))/g),
  J('respond-format', 'persona_injection', 0.5, /\b(?:respond|answer|reply)\s+(?:to\s+(?:me|every|all|any)\s+(?:\w+\s+)?)?(?:as (?!soon|quickly|early|fast|well|much|possible)|in the (?:format|form|style) of|with the prefix|in character)/g),
  J('fiction-frame', 'persona_injection', 0.5, /\b(?:fictional|hypothetical|imaginary)\s+(?:world|scenario|setting|universe|ai|chatbot|character)\b/g),
  J('insert-slot', 'template_injection', 1, /\[\s*(?:insert|put|your|enter)\s+(?:your\s+)?(?:prompt|question|request|query)s?\b/g),
  J('pretend', 'persona_injection', 0.5, /\b(?:pretend|imagine|simulate|emulate)\s+(?:that\s+)?(?:you are|you're|to be|you have)\b/g),
  S('role-token', 'boundary_inversion', 1, /<\|\s*(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\s*\|>|\[\/?inst\]|<<\/?sys>>|<\/?(?:system|system_prompt|instructions|admin|user_input)>/g),
  S('end-of-input', 'boundary_inversion', 1, /\[\s*(?:end of|begin|start of|new)\s+(?:user\s+)?(?:input|prompt|context|document|email|conversation|system prompt|instructions|session)\s*\]|\b(?:end of (?:user )?(?:input|prompt|instructions))\b/g),
  S('system-line', 'boundary_inversion', 0.75, /(?:^|\n)[ \t>#*]{0,6}(?:system|developer|sys)\s*:[ \t]*\S/g),
  S('assistant-line', 'boundary_inversion', 0.5, /(?:^|\n)[ \t>#*]{0,6}(?:assistant|ai|chatgpt|model|bot)\s*:[ \t]*\S/g),
  S('new-instructions', 'boundary_inversion', 1, /(?:\*{2,3}|#{2,3}|\[|<|-{3,}|={3,})\s*(?:new|updated|important|urgent|system|admin|priority)\s+(?:important\s+|new\s+)?(?:instructions?|task|directive|prompt|orders)\b/g),
  S('template-token', 'template_injection', 1, /\{\{\s*(?:user|char|system|assistant|model|bot|prompt|instructions?|input|random_user|original_prompt|jailbreak)\s*\}\}|\$\{(?:system|prompt|instructions)\}/g),
  J('decode-and-follow', 'encoding_evasion', 0.5, /\b(?:decode|decipher|convert)\s+(?:this|the following|it|the)\s+(?:[a-z]+\s+){0,2}?(?:base64|rot13|rot-13|hex|binary|morse|caesar)\b|\b(?:base64|rot13|hex)(?:[- ]encoded)?\b[^.\n]{0,60}\b(?:follow|execute|obey|act on|carry out)\b/g),
];

export const CRISIS_RULES: Rule[] = [
  C('kill-myself', 'suicidal_ideation', 1, /\b(?:kill|killing|killed|hang|hanging|shoot|shooting|off|offing|unalive|end|ending)\s+myself\b|\bkms\b/g),
  C('end-my-life', 'suicidal_ideation', 1, /\b(?:end|ending|ended|take|taking|took)\s+my\s+(?:own\s+)?life\b/g),
  C('suicidal-me', 'suicidal_ideation', 1, /\b(?:i'?m|i am|i feel|i felt|i'?ve been|i have been|i get|i keep getting|i'?m getting)\s+(?:so\s+|very\s+|really\s+|extremely\s+|pretty\s+|incredibly\s+|still\s+|always\s+|constantly\s+){0,2}suicidal\b|\b(?:my|i have|i'?ve had|i get|i keep having)\s+suicidal (?:thoughts|ideation|feelings|urges)\b/g),
  C('suicide-me', 'suicidal_ideation', 1, /\bi(?:'m|'ve| am| have| was| keep)?\s+(?:[a-z']+\s+){0,2}?(?:commit|committing|attempt|attempted|attempting|contemplating|considering|thinking (?:about|of)|planning|plan)\s+(?:on\s+)?(?:committing\s+)?suicide\b|\bmy (?:suicide (?:note|plan|attempt)|last attempt)\b/g),
  C('want-die', 'suicidal_ideation', 1, /\bi\s+(?:[a-z']+\s+){0,3}?(?:want|wanna|going|gonna|plan|planning|ready|decided|deserve|just want|need)\s+(?:to\s+)?(?:die|end it all|be dead|end (?:things|everything)|stop living|not (?:be )?(?:alive|here)|not exist|never wake up)\b/g),
  C('not-live', 'suicidal_ideation', 1, /\b(?:don'?t|do not|no longer|never)\s+(?:even\s+)?want\s+to\s+(?:live|be alive|exist|be here|wake up|go on|keep living)\b/g),
  C('better-off', 'suicidal_ideation', 1, /\bbetter off (?:dead|without me|if i (?:was|were|wasn'?t|weren'?t|died|was gone|were gone|never))/g),
  C('wish-dead', 'suicidal_ideation', 1, /\bwish (?:i|that i)\s+(?:was|were|could|had)\s+(?:just\s+)?(?:dead|never been born|die|disappear|not exist|never wake up|gone forever)\b/g),
  C('end-it', 'suicidal_ideation', 0.75, /\b(?:end it all|end it now|end it tonight|ending it all|die tonight|not be here tomorrow)\b/g),
  C('suicide', 'suicidal_ideation', 0.25, /\bsuicid(?:e|al)\b/g),
  C('method', 'method_seeking', 1, /\b(?:how|best|easiest|quickest|fastest|painless(?:ly)?|least painful|surest|quick)\s+(?:way|ways|method|methods|to)\s+(?:to\s+)?(?:die|kill (?:myself|yourself|oneself)|commit suicide|end (?:my|one's|your) life|hang (?:myself|yourself))\b/g),
  C('method-means', 'method_seeking', 0.75, /\b(?:noose|tie a rope|jump(?:ing)? off (?:a |the )?(?:bridge|building|roof|cliff|balcony)|slit (?:my )?wrists?|in front of a (?:train|bus|truck)|exit bag|bought a gun|load(?:ed)? the gun)\b/g),
  C('overdose', 'substance_seeking', 0.75, /\b(?:overdos(?:e|ed|ing)|od(?:'d|ed)? on)\b/g),
  C('lethal-dose', 'substance_seeking', 1, /\b(?:lethal|fatal|deadly)\s+(?:dose|amount|quantity)\b|\b(?:stockpil|hoard|sav)(?:e|ed|ing)\s+(?:up\s+)?(?:my\s+)?(?:pills|meds|medication)\b|\bswallow(?:ed)?\s+(?:all|a bottle|the whole bottle|a handful)\b/g),
  C('how-many-pills', 'substance_seeking', 0.75, /\bhow (?:many|much)\s+(?:[a-z]+\s+){0,2}?(?:pills|tablets|tylenol|paracetamol|acetaminophen|xanax|sleeping pills|insulin|benadryl)\b/g),
  C('hopeless', 'despair', 0.5, /\b(?:i feel|i'?m|i am|feeling|i'?ve been|i have been|i'?ve felt|i felt)\s+(?:so\s+|completely\s+|totally\s+|utterly\s+|just\s+|really\s+)?(?:hopeless|worthless|empty inside|numb|like a burden|a burden|trapped|dead inside)\b/g),
  C('cant-go-on', 'despair', 0.5, /\b(?:can'?t|cannot)\s+(?:go on|take (?:it|this) anymore|do this anymore|keep going|handle (?:it|this|life) anymore|live like this)\b/g),
  C('hate-life', 'despair', 0.5, /\bi hate (?:my life|myself|being alive)\b|\bno (?:way out|hope left|future for me)\b|\b(?:nobody|no one) (?:would|will) (?:care|miss me|notice)\b|\btired of (?:living|being alive|existing)\b|\b(?:nothing|no reason) (?:left )?to live for\b|\bpoint (?:of|in) (?:living|life|going on)\b/g),
  C('goodbye', 'farewell', 1, /\b(?:goodbye|good bye)\s+(?:forever|cruel world)\b|\b(?:my|a)\s+(?:suicide|goodbye)\s+(?:note|letter)\b/g),
  C('farewell-soft', 'farewell', 0.5, /\bby the time (?:you|anyone|someone) (?:read|reads|see|sees|find|finds) this\b|\bwon'?t be (?:around|here|alive) (?:much longer|anymore|tomorrow|for long)\b|\b(?:giving|gave|give) away (?:all )?my (?:stuff|things|belongings|possessions)\b/g),
  C('self-harm', 'self_harm', 0.75, /\b(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|starve|starving|punish|punishing)\s+myself\b|\bself[- ]?harm(?:ing|ed)?\b/g),
  C('relapse', 'self_harm', 1, /\brelaps(?:e|ed|ing)\b[^.\n]{0,30}\b(?:cutting|self[- ]?harm)\b|\bmy (?:cuts|scars) (?:are|were|from)\b/g),
];

/** Folded words that, reached through leetspeak or spaced letters, mark an evasion attempt. */
export const JAILBREAK_EVASIVE = new Set(['ignore', 'instructions', 'instruction', 'jailbreak', 'system', 'prompt', 'bypass', 'unfiltered', 'uncensored', 'unrestricted', 'restrictions', 'override', 'disregard', 'chatgpt', 'developer', 'dan', 'openai']);
export const CRISIS_EVASIVE = new Set(['suicide', 'suicidal', 'kill', 'killmyself', 'die', 'myself', 'overdose', 'unalive', 'selfharm', 'dead', 'pills']);

/**
 * Words at least one of which every match of a rule contains. A rule whose words are all absent
 * from a text is skipped without running its regex: an ordinary email then costs a word split
 * and a few set lookups instead of fifty regex scans. A hint starting with `~` is a substring.
 */
export const RULE_HINTS: Record<string, string[]> = {
  'override-qualified': ['ignore', 'disregard', 'forget', 'override', 'bypass', 'neglect', 'discard'],
  'override-yours': ['ignore', 'disregard', 'forget', 'override', 'bypass', 'neglect', 'discard'],
  'override-requests': ['ignore', 'disregard'],
  'regardless-instructions': ['regardless'],
  'new-task': ['your'],
  'system-prompt-ask': ['system', 'initial', 'instructions', 'prompt', 'knowledge', 'internal', 'configuration'],
  'system-prompt': ['prompt', 'preprompt', 'pre'],
  'jailbreak-word': ['~jailbr'],
  'no-ethics': ['ethical', 'moral', 'content', 'safety', 'openai', 'programming'],
  unrestricted: ['unfiltered', 'uncensored', 'unrestricted', 'amoral', 'unethical', 'unhinged', 'restrictions', 'limitations', 'filters', 'censorship'],
  'content-policy': ['openai', 'anthropic', "openai's", "anthropic's"],
  'addressed-reader': ['dear', 'hey', 'hi', 'hello', 'attention', 'note', 'message', 'instructions', 'important'],
  'ai-reading': ['reading', 'processing', 'summarising', 'summarizing', 'parsing', 'handling', 'answering', 'screening'],
  'if-told': ['told', 'asked', 'instructed'],
  'when-you-process': ['summarise', 'summarize', 'process', 'read', 'parse', 'analyse', 'analyze'],
  'operating-as': ['running', 'operating', 'functioning'],
  privileges: ['privileges', 'access', 'rights', 'mode'],
  'response-directive': ['your'],
  'response-machine': ['your'],
  'task-assign': ['task', 'assigned'],
  execute: ['execute', 'perform', 'carry'],
  'given-instructions': ['instructions'],
  'exfil-markup': ['~![', '~<img', '~<svg', '~<iframe', '~<script', '~javascript:', '~console.log'],
  'test-framing': ['testing', 'test', 'debugging', 'malfunction', 'functionality', 'functionalities', 'experimental', 'matter'],
  'mode-on': ['mode'],
  mode: ['mode'],
  dan: ['dan', 'anything', 'betterdan', 'antidan', 'anti', '~[', '~jailbreak'],
  'no-limits-ai': ['limits', 'unlimited', 'unrestricted', 'unfiltered', 'uncensored', 'evil', 'rogue', 'free', 'liberated', 'jailbroken', 'omniscient', 'anything'],
  'refuse-never': ['refuse', 'decline'],
  'comply-always': ['comply', 'obey', 'answer', 'complying'],
  'no-sorry': ['never', 'disclaimers', 'warnings', 'moral', 'moralizing', 'ethical', 'caveats', 'lectures'],
  'in-character': ['character'],
  'if-refuse': ['refuse', 'comply'],
  'now-no-longer': ['now', 'longer', 'not'],
  'not-bound': ['bound', 'restricted', 'limited', 'censored', 'constrained', 'subject', 'confines', 'restrictions', 'constraints', 'limitations'],
  'from-now-on': ['now', 'both', 'two'],
  chatgpt: ['chatgpt', '~gpt', 'programming', 'ai'],
  'harm-regardless': ['even', 'matter', 'regardless', 'whether'],
  'no-morals': ['ethics', 'morals', 'morality', 'moral', 'conscience', 'ethical'],
  'prompt-talk': ['prompt', 'prompts'],
  'respond-format': ['respond', 'answer', 'reply'],
  'fiction-frame': ['fictional', 'hypothetical', 'imaginary'],
  'insert-slot': ['~['],
  pretend: ['pretend', 'imagine', 'simulate', 'emulate'],
  'role-token': ['~<|', '~[inst]', '~[/inst]', '~<<sys', '~<</sys', '~<system', '~</system', '~<instructions', '~</instructions', '~<admin', '~</admin', '~<user_input', '~</user_input'],
  'end-of-input': ['end', 'begin', 'start', 'new'],
  'system-line': ['~:'],
  'assistant-line': ['~:'],
  'new-instructions': ['instructions', 'instruction', 'task', 'directive', 'prompt', 'orders'],
  'template-token': ['~{{', '~${'],
  'decode-and-follow': ['base64', 'rot13', 'rot', 'hex', 'binary', 'morse', 'caesar'],
  'kill-myself': ['myself', 'kms'],
  'end-my-life': ['life'],
  'suicidal-me': ['suicidal'],
  'suicide-me': ['suicide', 'attempt'],
  'want-die': ['die', 'end', 'dead', 'stop', 'not', 'never'],
  'not-live': ['want'],
  'better-off': ['better'],
  'wish-dead': ['wish'],
  'end-it': ['end', 'ending', 'die', 'tomorrow'],
  suicide: ['~suicid'],
  method: ['die', 'kill', 'suicide', 'life', 'hang'],
  'method-means': ['noose', 'rope', 'jump', 'jumping', 'slit', 'front', 'exit', 'gun'],
  overdose: ['~overdos', 'od'],
  'lethal-dose': ['lethal', 'fatal', 'deadly', 'pills', 'meds', 'medication', 'swallow', 'swallowed'],
  'how-many-pills': ['how'],
  hopeless: ['hopeless', 'worthless', 'empty', 'numb', 'burden', 'trapped', 'dead'],
  'cant-go-on': ['~can'],
  'hate-life': ['hate', 'way', 'hope', 'future', 'nobody', 'one', 'tired', 'live', 'point'],
  goodbye: ['goodbye', 'good', 'note', 'letter'],
  'farewell-soft': ['time', 'around', 'here', 'alive', 'away'],
  'self-harm': ['myself', '~harm'],
  relapse: ['~relaps', 'cuts', 'scars'],
};

/**
 * A second, narrower gate for rules whose hint words are common in ordinary mail ("your", "now",
 * "not", ":"): substrings at least one of which every match of the rule's regex contains, read
 * off the regex's literal parts. A rule runs only when its hint words AND one of these pass, so
 * detection is unchanged (each list is implied by the regex) while most mail skips the scan.
 */
export const RULE_REQUIRES: Record<string, string[]> = {
  'new-task': ['your new ', 'your real ', 'your actual ', 'your true '],
  'system-prompt-ask': ['system', 'initial', 'instructions you', 'prompt above', 'hidden instructions', 'knowledge base', 'internal instructions', 'configuration prompt'],
  'response-directive': ['response', 'reply', 'output', 'answer', 'summary', 'completion'],
  'now-no-longer': ['you are now', 'you are no longer', 'you are not', "you 're now", "you 're no longer", "you 're not"],
  'not-bound': ['you are ', "you 're ", 'free from', 'free of', 'freed from', 'freed of'],
  'from-now-on': ['from now on', 'both', 'two'],
  'end-of-input': [']', 'end of '],
  'system-line': ['sys', 'developer'],
  'assistant-line': ['assistant', 'ai', 'gpt', 'model', 'bot'],
  'want-die': ['die', 'end it all', 'be dead', 'end things', 'end everything', 'stop living', 'not alive', 'not be alive', 'not here', 'not be here', 'not exist', 'never wake up'],
  'end-it': ['end it ', 'ending it all', 'die tonight', 'not be here tomorrow'],
  'cant-go-on': ["can't", 'cant', 'cannot'],
  'hate-life': ['i hate ', 'no way out', 'no hope left', 'no future for me', 'nobody w', 'no one w', 'tired of ', 'to live for', 'point of ', 'point in '],
  goodbye: ['goodbye', 'good bye', 'suicide'],
  'farewell-soft': ['by the time ', "won't be ", 'wont be ', 'giving away ', 'gave away ', 'give away '],
};
