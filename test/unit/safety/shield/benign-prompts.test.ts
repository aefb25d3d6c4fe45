import path from 'node:path';
import { flaggedAsJailbreak, ordinarySetCeilings } from '../../../support/labelled-sets.js';

// Invented ordinary prompts and work texts with no attack in them (test/fixtures/benign-prompts/):
// role-play and "act as" prompts with rules, and developers' and security staff's texts about
// their own assistants, which quote attacks. Each set has a ceiling of texts SHIELD may flag, at
// what it flags now (see the README: the texts that quote attacks are a known weakness), so a
// change that flags more of them fails here.
ordinarySetCeilings(
  'SHIELD on invented benign prompts',
  path.resolve(import.meta.dirname, '../../../fixtures/benign-prompts'),
  {
    'benign-prompts-1.jsonl': 1,
    'benign-prompts-2.jsonl': 34,
    'benign-prompts-3.jsonl': 28,
    'benign-prompts-4.jsonl': 0,
  },
  flaggedAsJailbreak,
);
