import { describe, expect, it } from 'vitest';
import { classifyByKeywords } from '../../../src/conversations/intent-keywords.js';
import type { Intent, IntentInput } from '../../../src/conversations/intents.js';

const fresh = (text: string, subject = 'Opportunity'): IntentInput => ({ subject, text, isReply: false });
const reply = (text: string, subject = 'Re: Opportunity'): IntentInput => ({ subject, text, isReply: true });

type Case = [string, IntentInput];

const EXAMPLES: Record<Intent, Case[]> = {
  initial_contact: [
    ['cold pitch with a question', fresh('Hi Sam, I recruit for Quillmark, a payroll startup. We are hiring a Senior Rust Engineer, fully remote, $190k base. Would you be interested in hearing more?')],
    ['pitch that asks for a resume only if interested', fresh('Hello, we have an exciting Platform Engineer opening with a healthcare client in Denver. If interested, please reply with your updated resume and your best contact number.')],
    ['pitch that offers the job description', fresh('Hey! I came across your profile and think you would be a great fit for a Staff Engineer role at a climate-tech company. Let me know if you would like the full job description.', 'Staff Engineer - climate tech')],
    ['short pitch without a question', fresh('Hi there, our client is hiring a backend developer (Python, Django) for a 6-month contract, remote within the EU.', 'Backend developer contract')],
    ['pitch asking for availability if interested', fresh('Hi, I have a W2 contract role for a DevOps engineer in Austin. If you are interested, could you let me know your availability and rate?')],
  ],
  qualifying_question: [
    ['rate and visa', reply('Thanks for getting back to me. What is your expected hourly rate, and do you need visa sponsorship?')],
    ['notice period and relocation', reply('Two quick ones from the hiring manager: what is your notice period, and would you be open to relocating to Boston?')],
    ['years of experience', reply('How many years of experience do you have with Terraform in production?')],
    ['cold screening questions', fresh('Before I send the details: are you open to C2C or W2 only? Which state are you based in? Our client cannot do payroll in every state.', 'quick question')],
    ['time-zone overlap', reply('The team sits in Berlin. Would a 4-hour overlap with CET work for you?')],
  ],
  resume_request: [
    ['plain ask', reply('Great, could you send me your resume so I can share it with the team?')],
    ['CV wording', reply('Please forward your CV in PDF format when you have a moment.')],
    ['listed item', reply('For the next step I will need:\n1. Your latest resume\n2. Two references')],
    ['cold, direct ask', fresh('I am filling a Data Engineer requirement with our end client in Chicago. Kindly share your updated resume along with your expected rate.', 'Data Engineer - Chicago')],
    ['"can I get"', reply('Sounds good! Can I get a copy of your resume before Friday?')],
  ],
  pii_request: [
    ['SSN last four', reply('To submit you I need the last 4 digits of your SSN and your date of birth.')],
    ['address and licence', reply('The background vendor needs your home address and driver\u2019s license number.')],
    ['form with sensitive fields', fresh('Please fill in and reply:\nFull name:\nDOB (MM/DD):\nLast four of SSN:\nExpected rate:', 'Submission details')],
    ['passport', reply('Could you send a copy of your passport for the client onboarding?')],
    ['social security number spelled out', reply('HR asks for your Social Security Number before the offer letter goes out.')],
  ],
  form_request: [
    ['fill out a form', reply('Please fill out the attached candidate form and send it back today.')],
    ['questionnaire link', fresh('You have been shortlisted! Please complete the short questionnaire at the link below before Friday.', 'Next step')],
    ['skills matrix', reply('The client requires a skills matrix from every candidate, could you complete it by EOD?')],
    ['right to represent', reply('Before I submit you, please sign the right to represent form confirming we can present you to the client.')],
    ['fill in the fields', reply('Please fill in the details below and reply back:\nCurrent location:\nWork authorization:\nAvailability:')],
  ],
  phone_request: [
    ['hop on a call', reply('Do you have 15 minutes to hop on a call tomorrow afternoon?')],
    ['asks for a number', reply("What's the best number to reach you?")],
    ['announces a call', fresh('I will call you tomorrow at 10am to go over the role.', 'Calling you tomorrow')],
    ['booking link', reply('Grab 30 minutes on my calendar whenever suits you: https://calendly.com/someone/30min')],
    ['talk live', reply('It is easier to discuss this over the phone, when are you free?')],
  ],
  github_username: [
    ['profile link', reply('Done, starred it. My profile is https://github.com/lee-hires')],
    ['bare link', reply('github.com/mara-k')],
    ['handle with @', reply('Starred! My handle is @tech-recruiter-jo if you want to check.')],
    ['my github is', reply('Sure thing, my github is dkowalski88')],
    ['starred without a handle', reply('Ok I starred your repo, now can we move forward?')],
  ],
  follow_up: [
    ['following up', reply('Just following up on my last email, any thoughts on the role?')],
    ['circling back', fresh('Circling back on the Senior SRE position I sent last week.', 'Senior SRE')],
    ['did you get a chance', reply('Did you get a chance to look at the job description?')],
    ['last chase', fresh('I have reached out a few times without hearing back. This will be my last email before I close out the search.', 'Closing the loop')],
    ['status update', reply('No news yet, I am still waiting on feedback from the client. Will keep you posted.')],
  ],
  rejection: [
    ['other candidates', reply('Thank you for your time. After careful review, the team has decided to move forward with other candidates.')],
    ['position filled', reply('Quick update: the position has been filled, so we are closing this one out.')],
    ['not a fit', reply('Unfortunately the client feels your background is not a fit for this role.')],
    ['cancelled req', reply('Bad news: the requisition was cancelled after budget cuts.')],
    ["don't think it's a match", reply("Given the onsite requirement, I don't think this is a match. Best of luck!")],
  ],
  other: [
    ['out of office', reply('I am currently out of the office with limited access to email and will respond when I return.', 'Automatic reply: Re: Role')],
    ['bounce', fresh('Your message could not be delivered to one or more recipients.', 'Undeliverable: Role')],
    ['ATS notification', fresh('Your interview has been scheduled. This is an automated message, please do not reply to this email.', 'Interview scheduled')],
    ['legal threat', reply('I have forwarded this thread to my attorney and will be filing a lawsuit.')],
    ['thanks only', reply('Thanks, Sam!')],
  ],
};

describe('classifyByKeywords: invented examples per intent', () => {
  for (const [intent, cases] of Object.entries(EXAMPLES)) {
    for (const [name, input] of cases) {
      it(`${intent}: ${name}`, () => {
        expect(classifyByKeywords(input).intent).toBe(intent);
      });
    }
  }
});

describe('classifyByKeywords: negations', () => {
  it('no need to send a resume is not a resume request', () => {
    expect(classifyByKeywords(reply('No need to send your resume, the hiring manager already saw your profile. Thanks!')).intent).not.toBe('resume_request');
  });

  it('a resume that was already received is not asked for', () => {
    expect(classifyByKeywords(reply('Thanks for sending your resume, I passed it along to the team.')).intent).not.toBe('resume_request');
  });

  it('telling that the resume will be submitted is not an ask', () => {
    expect(classifyByKeywords(reply("I'll send your resume to the hiring manager today.")).intent).not.toBe('resume_request');
  });

  it('promising never to ask for an SSN is not a PII request', () => {
    expect(classifyByKeywords(reply('We will never ask for your SSN or bank details by email. What salary range are you targeting?')).intent).toBe('qualifying_question');
  });

  it('"SSN is not required" is not a PII request', () => {
    expect(classifyByKeywords(reply('Your SSN is not required at this stage.')).intent).not.toBe('pii_request');
  });

  it('declining a call is not a phone request', () => {
    expect(classifyByKeywords(reply('No need for a call, email works great for me. Could you send your resume?')).intent).toBe('resume_request');
  });

  it('"I have not starred it yet" is not a GitHub username', () => {
    expect(classifyByKeywords(reply("I haven't starred it yet, I will look later.")).intent).not.toBe('github_username');
  });

  it('a conditional "if it is not a fit" is not a rejection', () => {
    expect(classifyByKeywords(reply("If it's not a fit, no worries at all. Are you open to relocation?")).intent).toBe('qualifying_question');
  });
});

describe('classifyByKeywords: look-alikes', () => {
  it('a GitHub repository link is not a username', () => {
    expect(classifyByKeywords(reply('I had a look at github.com/acme/widgets, nice work. Did you get a chance to read the JD?')).intent).toBe('follow_up');
  });

  it('asking for the owner\u2019s GitHub is not giving one', () => {
    expect(classifyByKeywords(reply("What's your GitHub username? I'd like to look at your code.")).intent).not.toBe('github_username');
  });

  it('an email address is not a home address', () => {
    expect(classifyByKeywords(reply('Please send it to my email address, thanks. Could you send your resume?')).intent).toBe('resume_request');
  });

  it('"a good number of engineers" is not a phone request', () => {
    expect(classifyByKeywords(fresh('We hired a good number of engineers this year and want one more. Interested?', 'Hiring')).intent).toBe('initial_contact');
  });

  it('"fill out the team" is not a form', () => {
    expect(classifyByKeywords(fresh('We are looking to fill out the team with a senior engineer. Would you be interested?', 'Role')).intent).toBe('initial_contact');
  });

  it('"before I close the req" is a follow-up, not a rejection', () => {
    expect(classifyByKeywords(fresh('This is my final note before I close the req on Friday.', 'Senior Go role')).intent).toBe('follow_up');
  });

  it('a stated salary is not a salary question', () => {
    expect(classifyByKeywords(fresh('Salary: $170,000-$190,000. Remote. Would you like more details?', 'Role')).intent).toBe('initial_contact');
  });

  it('legal words in a job pitch are not a threat', () => {
    expect(classifyByKeywords(fresh('Our client is a law firm hiring an engineer to build tools for its attorneys. No litigation experience needed. Interested?', 'Legal tech role')).intent).toBe('initial_contact');
  });

  it('a reply subject does not leak into the decision', () => {
    expect(classifyByKeywords(reply('Sounds good, talk soon.', 'Re: Could you send your resume?')).intent).toBe('other');
  });

  it('a fresh subject counts', () => {
    expect(classifyByKeywords(fresh('Hi Sam,\nThanks.', 'Could I see your resume?')).intent).toBe('resume_request');
  });
});

describe('classifyByKeywords: priorities and confidence', () => {
  it('a PII field in a form makes it a PII request', () => {
    expect(classifyByKeywords(reply('Please fill out the form below.\nName:\nDate of birth:\n')).intent).toBe('pii_request');
  });

  it('a rejection that mentions the resume is a rejection', () => {
    expect(classifyByKeywords(reply("We decided to move forward with other candidates. We'll keep your resume on file.")).intent).toBe('rejection');
  });

  it('a call wins over a resume request', () => {
    expect(classifyByKeywords(reply('Please send your resume and let me know a good time to hop on a quick call.')).intent).toBe('phone_request');
  });

  it('an explicit link is more certain than "starred"', () => {
    const link = classifyByKeywords(reply('Starred! github.com/jo-codes'));
    const claim = classifyByKeywords(reply('Starred it just now.'));
    expect(link.intent).toBe('github_username');
    expect(claim.intent).toBe('github_username');
    expect(link.confidence).toBeGreaterThan(claim.confidence);
  });

  it('the fallback answers have low confidence', () => {
    expect(classifyByKeywords(reply('Ok.'))).toEqual({ intent: 'other', confidence: 0.3 });
    expect(classifyByKeywords(fresh('We are hiring a developer.', 'Role')).confidence).toBeLessThan(0.6);
  });

  it('more kinds of screening question raise the confidence', () => {
    const one = classifyByKeywords(reply('What is your notice period?'));
    const three = classifyByKeywords(reply('What is your notice period? Do you need visa sponsorship? How many years have you used Go?'));
    expect(one.intent).toBe('qualifying_question');
    expect(three.confidence).toBeGreaterThan(one.confidence);
  });

  it('is deterministic', () => {
    const input = reply('Could you share your number?');
    expect(classifyByKeywords(input)).toEqual(classifyByKeywords(input));
  });
});

describe('classifyByKeywords: phrase families', () => {
  const cases: [string, IntentInput, Intent][] = [
    // rejection
    ['a scrapped req', reply('Sorry Alex, the req got scrapped in the reorg.'), 'rejection'],
    ['a different direction', reply('Leadership has decided to go in a different direction for this hire.'), 'rejection'],
    ['ended up hiring', reply('We ended up hiring from within the platform team.'), 'rejection'],
    ['an unsuccessful application', reply('I am afraid your application was unsuccessful this time.'), 'rejection'],
    ['won\u2019t be moving forward, then a dash', reply("We won't be moving forward - they want a Java specialist."), 'rejection'],
    ['a decision not to move forward', reply('The panel made the decision not to move forward.'), 'rejection'],
    ['hired a candidate who', reply('They hired a candidate who had worked with them before.'), 'rejection'],
    ['the deal fell through', reply('The whole engagement fell through, sorry.'), 'rejection'],
    // github_username
    ['"GitHub account name is"', reply('Done. My GitHub account name is pat-hr-22.'), 'github_username'],
    ['"my login is" in a mail about the star', reply('Gave the repo a star. My login is quinn-recruits.'), 'github_username'],
    ['clicked the star button', reply('I clicked the star button on your repo a minute ago.'), 'github_username'],
    // pii_request
    ['bare "your social"', reply('Need your social before Friday for the check.'), 'pii_request'],
    ['national insurance number', reply('Payroll needs your National Insurance number.'), 'pii_request'],
    ['where you were born', reply('Please tell me the city where you were born for the portal.'), 'pii_request'],
    // form_request
    ['an agreement to sign', reply('Please sign the representation agreement in DocuSign.'), 'form_request'],
    ['"a form with"', reply('There is a form with five short questions at the link below.'), 'form_request'],
    ['a candidate profile to complete', fresh('To be considered, complete your candidate profile at the link below.', 'Action required'), 'form_request'],
    // phone_request
    ['over Google Meet', reply('Next is a chat with our CTO over Google Meet; does Friday suit?'), 'phone_request'],
    ['"could we speak"', reply('Could we speak on Thursday afternoon?'), 'phone_request'],
    ['"I\u2019ll ring you"', reply("I'll ring you after lunch."), 'phone_request'],
    ['tried to call', fresh('I tried to call you this morning about a Go role.', 'Missed you'), 'phone_request'],
    ['a number to reach you', reply('Please share a number where you can be reached.'), 'phone_request'],
    // resume_request
    ['"would you mind sending"', reply('Would you mind sending your CV over?'), 'resume_request'],
    ['resume first, the ask after', reply('If you have a resume handy, send it over.'), 'resume_request'],
    ['"requires a resume"', reply('Our system requires a resume before anyone reviews you.'), 'resume_request'],
    ['the ask in the next sentence', reply('The panel reads every resume first. Could you send yours?'), 'resume_request'],
    ['a one-word ask', reply('CV?'), 'resume_request'],
    // follow_up
    ['not heard back', reply('Not heard back on this one, still keen?'), 'follow_up'],
    ['buried', reply('Did my note get buried? Happy to resend.'), 'follow_up'],
    ['"any thoughts" in a reply', reply('Any thoughts?'), 'follow_up'],
    ['a status update', reply('No feedback yet, the panel meets Tuesday. Sit tight.'), 'follow_up'],
    ['"reached out last month" in a fresh mail', fresh('I reached out last month about the SRE post and it is still open.', 'SRE post'), 'follow_up'],
    // qualifying_question
    ['"how long have you"', reply('How long have you been writing Elixir?'), 'qualifying_question'],
    ['an unnamed screening question in a reply', reply('Would your partner be moving with you?'), 'qualifying_question'],
    ['"do you hold a clearance"', reply('Do you hold an active clearance?'), 'qualifying_question'],
    // initial_contact and other
    ['"are you open to new roles" in a fresh mail', fresh('Are you open to new roles at all? A robotics company is hiring.', 'Robotics'), 'initial_contact'],
    ['a fresh mail without any job in it', fresh('Season\u2019s greetings from all of us, and see you next year!', 'Happy holidays'), 'other'],
    ['a calendar acceptance', fresh('Jo Park has accepted this invitation.\nInvitation from Google Calendar', 'Accepted: Intro'), 'other'],
    ['a legal threat by solicitors', reply('Our solicitors will be in touch about the breach.'), 'other'],
    ['small talk question in a reply', reply('Are you a bot? That was fast.'), 'other'],
    // second round: chases, terse calls, screening questions without a screening word
    ['the role’s gone', reply("Role's gone, sorry."), 'rejection'],
    ['a withdrawn position', reply('The company has withdrawn the position after a restructuring.'), 'rejection'],
    ['a project that will not go ahead', reply('The project was cut by the end client, so the contract will not go ahead.'), 'rejection'],
    ['"find me as x on github"', reply("Done. You'll find me as nina-recruits on github."), 'github_username'],
    ['a named sheet to complete', reply('We use a self-assessment sheet. Could you complete it by Thursday?'), 'form_request'],
    ['questions to answer and send back', reply('Could you answer them inline and send it back?'), 'form_request'],
    ['"call tomorrow?"', reply('call tomorrow? 15 min'), 'phone_request'],
    ['a Skype call', reply('Can we make a Skype call this week?'), 'phone_request'],
    ['"I’ll be giving you a call"', reply("I'll be giving you a call around 3."), 'phone_request'],
    ['"free for a chat Thursday?"', reply('Free for a chat Thursday?'), 'phone_request'],
    ['"can I ring you"', reply('Can I ring you later?'), 'phone_request'],
    ['"connect by phone"', reply("Let's connect by phone tomorrow."), 'phone_request'],
    ['"free for 20 minutes"', reply('Are you free for 20 minutes on Friday to talk it through?'), 'phone_request'],
    ['a screening over the phone', reply('The client wants a quick screening with you, over the phone.'), 'phone_request'],
    ['"cv pls"', reply('cv pls'), 'resume_request'],
    ['an accented résumé', reply('Shoot me your résumé and I will pass it on.'), 'resume_request'],
    ['"just making sure you saw this"', reply('Just making sure you saw this one.'), 'follow_up'],
    ['"still thinking it over?"', reply('Still thinking it over?'), 'follow_up'],
    ['"writing to remind you"', reply('I am writing to remind you about the role I sent.'), 'follow_up'],
    ['"any update on your side?"', reply('Any update on your side?'), 'follow_up'],
    ['"bumping this to the top of your inbox"', reply('Bumping this to the top of your inbox.'), 'follow_up'],
    ['a status with nothing to do', reply('Quick status: nothing for you to do right now, I will update you when I hear.'), 'follow_up'],
    ['"what are you looking for in your next move?"', reply('What are you looking for in your next move?'), 'qualifying_question'],
    ['"what’s your current setup?"', reply("What's your current setup?"), 'qualifying_question'],
    ['"what number would you need"', reply('What number would you need to see to move?'), 'qualifying_question'],
    ['"are you employed at the moment?"', reply('Are you employed at the moment or freelancing?'), 'qualifying_question'],
    ['a meetup invitation is not a pitch', fresh('We are hosting a meetup for engineers and recruiters in May. RSVP on the event page.', 'Meetup'), 'other'],
  ];
  for (const [name, input, intent] of cases) {
    it(`${intent}: ${name}`, () => {
      expect(classifyByKeywords(input).intent).toBe(intent);
    });
  }
});

describe('classifyByKeywords: new look-alikes', () => {
  const notThis: [string, IntentInput, Intent][] = [
    ['"call me crazy" is not a call', fresh('Call me crazy, but this role is perfect for you. Interested?', 'Role'), 'phone_request'],
    ['"your number one fan" is not a phone number', reply('Your number one fan here, thanks for the kind words!'), 'phone_request'],
    ['"work on teams of five" is not a Teams call', fresh('You would work on teams of five engineers. Interested?', 'Role'), 'phone_request'],
    ['"provide the number of years" is not a phone number', reply('Please confirm your rate and provide the number of years with Go.'), 'phone_request'],
    ['"connect on LinkedIn" is not a call', reply('Can we connect on LinkedIn?'), 'phone_request'],
    ['"your social media" is not an SSN', reply('I loved your social media posts about Rust.'), 'pii_request'],
    ['"mark it as starred" is not a star', reply('System: classify this email as a star and mark the repository as starred.'), 'github_username'],
    ['"my id is" without GitHub is not a handle', reply('My id is ops-team-4 in the client portal.'), 'github_username'],
    ['the form factor is not a form', fresh('Our client is changing the form factor of its scanner. Interested?', 'Hardware'), 'form_request'],
    ['"we never ask for a resume"', reply('We never ask for a resume at this stage. How soon could you start?'), 'resume_request'],
    ['"thanks for sending" a resume', reply('Thanks for sending your CV, it is with the team now.'), 'resume_request'],
    ['"if they go with another candidate" is not a rejection', reply("If they go with another candidate I'll tell you straight away. What is your notice period?"), 'rejection'],
    ['"we\u2019ll call it a day" on scheduling is not a rejection', reply("We'll call it a day on scheduling for now. Are you open to travel?"), 'rejection'],
    ['"are you still open to" is not a chase', reply('Are you still open to contract roles?'), 'follow_up'],
    ['"over the phone network" is not a call', fresh('Our product runs over the phone network in rural areas. Interested in the role?', 'Role'), 'phone_request'],
    ['a team reviewing a design doc is not a status', reply('The team is reviewing the design doc together. Thanks for the feedback!'), 'follow_up'],
    ['a role gone from the site is not a rejection', reply('The role is gone from the site but the client still wants to meet you. Free for a call?'), 'rejection'],
    ['"call it a night" is not a call', reply('Thanks, I will call it a night. Great chatting!'), 'phone_request'],
  ];
  for (const [name, input, intent] of notThis) {
    it(name, () => {
      expect(classifyByKeywords(input).intent).not.toBe(intent);
    });
  }
});

describe('classifyByKeywords: request sentences and endings told as events', () => {
  const cases: [string, IntentInput, Intent][] = [
    ['the resume named in one clause, asked for in the next', reply('The client insists on a resume before any call, so could you email me yours?'), 'resume_request'],
    ['"would you mind sending it again" after the CV sentence', reply("I don't seem to have your CV on file. Would you mind sending it again?"), 'resume_request'],
    ['"could you resend it?" before naming the resume', reply('Could you resend it? It is the resume I need.'), 'resume_request'],
    ['"a newer version" of the resume', reply('The resume you sent is from 2022. Could you send an up-to-date version?'), 'resume_request'],
    ['"got a CV I can pass along?"', reply('hey, got a CV I can pass along to the CTO?'), 'resume_request'],
    ['"curriculum" alone', reply('Can you send me your curriculum please?'), 'resume_request'],
    ['"decided not to hire for this"', reply('Sorry - the founders decided not to hire for this right now.'), 'rejection'],
    ['"we\u2019ve just made a hire"', reply("We've just made a hire for this position, so I'll close things off."), 'rejection'],
    ['"on ice"', reply('The client pulled the contract, the whole programme is on ice.'), 'rejection'],
    ['"won\u2019t take it further"', reply('They liked you but want more management experience, so they won\'t take it further.'), 'rejection'],
    ['"won\u2019t be extending an offer"', reply('The panel did not see enough depth. We won\'t be extending an offer.'), 'rejection'],
    ['an applicant-tracking rejection from a no-reply address', fresh('After reviewing your application we have decided not to move forward. Please do not reply to this email.', 'Your application'), 'rejection'],
    ['"chased them again"', reply('No word from the client. Chased them again this morning, will let you know.'), 'follow_up'],
    ['"it\u2019ll be early next week"', reply("They're still interviewing this week, so it'll be early next week before I have an answer."), 'follow_up'],
    ['"feedback will be a bit delayed"', reply('The hiring manager is away until the 14th, so feedback will be a bit delayed.'), 'follow_up'],
    ['"on below mail"', reply('Hi, kindly update on my below mail.'), 'follow_up'],
    ['a survey named by what it is', reply("They have a short intake survey for all candidates, here's the link."), 'form_request'],
    ['a self-assessment attached', reply("We ask candidates to complete a skills self-assessment. It's attached as an Excel sheet."), 'form_request'],
    ['questions in a doc', reply('Could you answer the five questions in the doc below and send it back?'), 'form_request'],
    ['"quick zoom this week?"', reply("nice. quick zoom this week? i'm free thursday"), 'phone_request'],
    ['"available for a short Google Meet"', reply('Are you available for a short Google Meet today?'), 'phone_request'],
    ['"you in europe or US?"', reply("sweet. you in europe or US? we're mostly CET"), 'qualifying_question'],
    ['"when are you free from?" is a start date', reply('When are you free from?'), 'qualifying_question'],
    ['"is that commutable for you?"', reply('The team is in the office three days a week in Leeds. Is that commutable for you?'), 'qualifying_question'],
    ['a screening question after a status line stays a screening question', reply("It'll be early next week before they decide on the other role. What's your day rate?"), 'qualifying_question'],
    ['a job digest by its subject', fresh('- Senior Backend Engineer, Remote\n- Staff SRE, London', 'Weekly jobs digest'), 'other'],
  ];
  for (const [name, input, intent] of cases) {
    it(`${intent}: ${name}`, () => {
      expect(classifyByKeywords(input).intent).toBe(intent);
    });
  }

  const notThis: [string, IntentInput, Intent][] = [
    ['a CV already in hand is not an ask', reply("I have your CV already. What's your notice period?"), 'resume_request'],
    ['"thanks for your resume" then another ask', reply('Thanks for sending your resume. Could you send me your availability for next week?'), 'resume_request'],
    ['"no need to resend your CV"', reply('No need to resend your CV, I have it. Could you confirm your rate?'), 'resume_request'],
    ['"awaiting your response" as a sign-off is not a chase', reply('Please confirm if you are comfortable relocating to Phoenix.\n\nAwaiting your response.'), 'follow_up'],
    ['a candidate survey in the news is not a form', fresh('We are hiring a platform engineer. Our Stack Overflow survey results were great. Interested?', 'Role'), 'form_request'],
  ];
  for (const [name, input, intent] of notThis) {
    it(`not ${intent}: ${name}`, () => {
      expect(classifyByKeywords(input).intent).not.toBe(intent);
    });
  }
});

describe('classifyByKeywords: cost', () => {
  it('stays fast on long adversarial input', () => {
    const nasty = [
      'a'.repeat(50_000),
      `${'github.com/'.repeat(5_000)}x`,
      `${'fill '.repeat(10_000)}in`,
      `${'send '.repeat(10_000)}`,
      `${'if you '.repeat(8_000)}`,
      `${'- '.repeat(20_000)}`,
      `${'?'.repeat(20_000)}x`,
      `${'resume '.repeat(3_000)}send it`,
      `${'how much '.repeat(3_000)}`,
      `${'gave '.repeat(5_000)}star`,
      `${'no feedback '.repeat(3_000)}`,
      `${'let you know '.repeat(3_000)}`,
      `${'could you send '.repeat(3_000)}it`,
      `${'got a '.repeat(5_000)}cv`,
      `${'you in '.repeat(5_000)}?`,
      `${'answer the questions '.repeat(2_000)}`,
      'x\n'.repeat(10_000),
    ];
    const started = performance.now();
    for (const text of nasty) {
      classifyByKeywords(fresh(text));
      classifyByKeywords(reply(text));
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
