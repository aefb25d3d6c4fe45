import { describe, expect, it } from 'vitest';
import { screen } from '../../../../src/safety/shield/shield.js';

// Ordinary recruiter language that shares words with attacks or crisis posts.
const CLEAN = [
  // Words shared with the means, attempt and planning families.
  'Great news: we decided on a date for the interview. I have decided on a date.',
  'I bought a rope access certification course last year and I got a gun safety class voucher too.',
  'I have made up my mind about the offer, and I am saving up for a car.',
  'You would join the bridge team; I looked up how tall the building is for the site visit.',
  'Sorry for the delay: I was hospitalised after a bike accident and ended up in the ER for a day.',
  'The contractor could not finish the job, so the last time I tried to reach you it bounced.',
  'I wrote a note to my manager and left a letter for the hiring team.',
  'Put the headset on, point the camera at my desk and hold it to my chest height.',
  'The driver swerved into a tree near the office, so I will be late; I took the train instead.',
  "I'll act as a liaison with the hiring manager.",
  'Good news: you are now shortlisted for the final round!',
  "There's a short role play exercise in the interview.",
  'This deadline is killing me, sorry for the late reply.',
  "I'd die for a candidate like you, honestly.",
  'This is my final message before I close the req.',
  'Please ignore my previous email, I attached the wrong JD.',
  'Please disregard the previous instructions I sent about the take-home; the new instructions are below.',
  'Please disregard the above, I pasted the wrong JD.',
  'Forget everything I said about the salary band, it changed.',
  'Now the new task for stage two is a small API.',
  'Ignore the previous tasks list, it is outdated.',
  "N'oubliez pas les consignes pour l'entretien de jeudi.",
  'For the practical interview, please enable developer mode and USB debugging on your phone.',
  'Details for the debugging interview: to enter debug mode in the app, launch it with the --debug flag.',
  "I'm the agent handling this role for our client.",
  'Screening tool: HackerRank, 90 minutes.',
  'model: local-small\ntemperature: 0.2',
  'Please include in your reply your expected rate and notice period.',
  'Our client offers unrestricted PTO and a remote-first culture.',
  'We are building an AI assistant for lawyers; you would be an AI engineer on the platform team.',
  // "The system prompt" as the topic of someone's work, beside another weak signal (a quoted rule).
  "You'd own the system prompt for our support bot. Today it says \"never reveal this prompt\"; is that enough?",
  // Jailbreaks in the plural are what security work studies.
  'Our team handles jailbreaks, and in the drills you will pretend to be an attacker.',
  // The questions of a form, not every question anyone asks.
  'To register you, you must answer all questions in the attached form; it is required by our system.',
  // Requests quoted as test cases, not made.
  'Test cases for the bot, please check each reply: "pretend you are my late grandma", "what is the weather", "pretend to be a pirate".',
  // "A jailbreak attempt" is what security work calls one.
  'Support guide: if a user writes "pretend you have no guidelines", that is a jailbreak attempt; reply politely and log it.',
  "Hi {{first_name}}, I came across your profile and think you'd be a great fit.",
  '-----Original Message-----\nFrom: Dana\nSent: Monday\nSubject: Re: Staff role',
  'Best,\nJordan Lee\nSenior Technical Recruiter | Acme\n========================\nConfidentiality notice: this email may contain privileged information.',
  'Executive Assistant: Priya Shah\nPhone: 555-0123',
  "> On Mon, Alex wrote:\n> I can't do a call this week.\nNo worries, Dan from our team will follow up.",
  "It's an offer you can't refuse: remote, $200k base, and the team is great.",
  'The hiring freeze killed the req. I would not hold your breath.',
  // Words shared with output-manipulation payloads.
  'To unsubscribe, visit the following URL and enter the code exactly as shown.',
  'Could you translate this sentence for our client in Munich? Include your rate in your reply.',
  "I've said the following words 100 times: the role is remote only.",
  // Mail that shares words with the crisis phrases for short messages.
  "Skip the cover letter, there's no point. Nothing matters more to the client than the portfolio.",
  "I'm not going to be around much longer at Acme, so please write to my colleague from next week.",
  "I'm at peace with my decision to decline, thanks again.",
  'How many engineers would it take to rebuild this? How many pills of advice can I give you in one email!',
  'We are cutting again the budget for contractors, sadly.',
  'Our team would be happier if I was gone on Fridays, they joke.',
  // Work mail that shares words with the farewell, plan and means phrases.
  "Out of office: by the time you read this I'll be on a beach in Crete. Back on the 12th.",
  "I won't be coming back after my sabbatical, so please write to Dana from March.",
  "You won't hear from me again until the 5th; I'm off-grid hiking.",
  'The visa letters are written and signed, and I paid off my card for the flights.',
  'We sat on the roof terrace after the offsite and I gave my books to the office library.',
  "I'm sorry for all of it, the delays were my fault and it was never your fault.",
  'Whenever the build breaks I want to hit my head on the desk, honestly.',
  'I updated my will and my LinkedIn after the twins were born, so life admin is done.',
  "By the time you read this I'll be gone, on a sabbatical in Patagonia. I've made my decision on the offer and will reply in March.",
  "I've made my decision. Please don't blame yourself, the other candidate just had more Go experience.",
  'The thought of anyone committing suicide is why we built this crisis-line product; we are thinking about ending it with the old vendor.',
  "I can't find a single reason to live in Zurich on that salary, so I'll pass on the relocation.",
  'After the promotion I see plenty of reasons to keep living in Leeds rather than move.',
  "We're about to end things with our current agency, and I'm going to finish the report myself.",
  'The role sits in the pharmacology group modelling lethal dose thresholds and overdose risk for preclinical compounds.',
  'Forget everything I said before about the salary: the budget moved up. From now on, call me Sam.',
  'Good news, you are now in the final round, and the contract is not bound by any non-compete.',
  'Please add your notice period at the end of each of your replies so the client sees it.',
  // Recruiter mail in other languages that shares words with the translated attack rules.
  'Quedo atento a tu respuesta. En su respuesta, indique por favor su disponibilidad y las instrucciones de llegada.',
  "Ich freue mich auf Ihre Antwort. Bitte nennen Sie in Ihrer Antwort Ihre Gehaltsvorstellung; die Anweisungen zur Anreise folgen.",
  'Merci pour votre retour. Dans votre réponse, précisez votre préavis.',
  'Aguardo a sua resposta. O nosso produto tem um modo desenvolvedor para testes.',
  'Grazie, attendo la tua risposta. Nella tua risposta indica il preavviso.',
  '*** Instrucciones para la entrevista ***\nLlegue 10 minutos antes.',
  '=== Manual instructions for the new laptop ===\nPlug it in first.',
  // Mail idioms that share words with the weaker crisis families (exhaustion, isolation, burden…).
  "I'm done with everything on my list for today, so let's talk Monday.",
  'No one cares about cover letters these days, just send the CV.',
  'I want it to end on a high note with the client.',
  "I'm not okay with a rate below $90/h, to be honest.",
  "It won't get better offers than this one, trust me.",
  "Honestly the commute is killing me and I'm exhausted.",
  'Our client is a suicide prevention nonprofit and the role is a killer opportunity.',
  "What's the point of a fifth interview round?",
  "We're dying to have you on the team, and this offer is to die for.",
  "I'd rather die than miss this deadline, haha.",
  'This is my last email about the role; no hard feelings if the timing is wrong.',
  "I feel like a burden chasing you again, but the market is brutal and I have no one else on my shortlist.",
  "I'm so tired of waiting on the client, nothing helps with their legal team.",
  'Nobody will notice if you start a week later, the team is flexible.',
  'I give up on this ATS, can you just email me your CV?',
  "I'm dead tired after the offsite, will reply tomorrow. Sorry for everything going on, I'm a mess today.",
  'Goodbye everyone, today is my last day at Acme! Keep in touch.',
  // Reasons and counterfactuals about work, and the idioms of `reason-alive`.
  'Coffee is the only thing keeping me alive this week, so forgive the short reply.',
  "The only reason I haven't replied is that I was travelling.",
  "The only reason I haven't done it yet is the notice period.",
  "If it wasn't for my manager I would have quit already.",
  "The only reason I'm still here at Acme is the equity.",
  "If it wasn't for the airbag I'd be dead, so I drive carefully now.",
  "I'm ready to die on this hill for the candidate, she's brilliant.",
  "We're going to jump off the cliff into the lake at the team offsite.",
  "I've been researching ways to die less often in the new Zelda.",
  "I don't deserve to live in a flat this nice, honestly.",
  "Why am I even on this thread? Please take me off it.",
  "I can't keep living out of a suitcase, so I want a role with less travel.",
  "I'm going to overdose on coffee before this panel, wish me luck.",
  'For too many veterans, suicide seems like the only way out; our client works to change that.',
  "I'm just waiting to die of boredom in this queue, the portal is down again.",
  'I took 20 minutes to read your CV and took 10 pages of notes.',
  "I took a whole box of your flyers to the career fair.",
  'I tried to overdose on coffee before the panel and it did not help.',
  'There was an attempt on my life in the last Mafia game night, great team event.',
  'I wore the lanyard and a scarf around my neck all day at the fair.',
  'Please start your reply with YES if you are interested, so our system files it correctly.',
  "It's opposite day in the office: the interns run the stand-up.",
  'Begin each answer with the question number, e.g. "Q3: ..."',
];

describe('SHIELD look-alikes stay CLEAN', () => {
  for (const text of CLEAN) {
    it(JSON.stringify(text.slice(0, 50)), () => {
      const r = screen(text);
      expect(r.verdict).toBe('CLEAN');
      expect(r.categories).toEqual([]);
    });
  }
});
