import { describe, expect, it } from 'vitest';
import { screen } from '../../../../src/safety/shield/shield.js';

// Ordinary recruiter language that shares words with attacks or crisis posts.
const CLEAN = [
  "I'll act as a liaison with the hiring manager.",
  'Good news: you are now shortlisted for the final round!',
  "There's a short role play exercise in the interview.",
  'This deadline is killing me, sorry for the late reply.',
  "I'd die for a candidate like you, honestly.",
  'This is my final message before I close the req.',
  'Please ignore my previous email, I attached the wrong JD.',
  'Please include in your reply your expected rate and notice period.',
  'Our client offers unrestricted PTO and a remote-first culture.',
  'We are building an AI assistant for lawyers; you would be an AI engineer on the platform team.',
  "Hi {{first_name}}, I came across your profile and think you'd be a great fit.",
  '-----Original Message-----\nFrom: Dana\nSent: Monday\nSubject: Re: Staff role',
  'Best,\nJordan Lee\nSenior Technical Recruiter | Acme\n========================\nConfidentiality notice: this email may contain privileged information.',
  'Executive Assistant: Priya Shah\nPhone: 555-0123',
  "> On Mon, Alex wrote:\n> I can't do a call this week.\nNo worries, Dan from our team will follow up.",
  "It's an offer you can't refuse: remote, $200k base, and the team is great.",
  'The hiring freeze killed the req. I would not hold your breath.',
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
