import { describe, expect, it } from 'vitest';
import { extractGithubUsername, isValidGithubUsername } from '../../../src/github/username.js';

describe('isValidGithubUsername', () => {
  it.each(['a', 'A1', 'alice', 'alice-dev', 'a-b-c', 'Octo-Cat-42', '0xdeadbeef', '1234', 'a'.repeat(39)])('accepts %j', (name) => {
    expect(isValidGithubUsername(name)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['a'.repeat(40), 'too long'],
    ['-alice', 'leading hyphen'],
    ['alice-', 'trailing hyphen'],
    ['al--ice', 'double hyphen'],
    ['alice_dev', 'underscore'],
    ['alice.dev', 'dot'],
    ['alice dev', 'space'],
    ['al\u00efce', 'non-ASCII letter'],
    ['alice\n', 'newline'],
  ])('rejects %j (%s)', (name) => {
    expect(isValidGithubUsername(name)).toBe(false);
  });

  it.each(['orgs', 'settings', 'features', 'about', 'login', 'join', 'marketplace', 'sponsors', 'topics', 'trending', 'explore', 'pricing', 'apps', 'enterprise', 'site', 'contact', 'security', 'collections', 'events', 'pulls', 'issues', 'notifications', 'new', 'organizations', 'Settings', 'ORGS'])(
    'rejects the reserved path %j',
    (name) => {
      expect(isValidGithubUsername(name)).toBe(false);
    },
  );
});

describe('extractGithubUsername finds', () => {
  it.each([
    // links
    ['https://github.com/alice', 'alice'],
    ['http://github.com/alice/', 'alice'],
    ['Profile: www.github.com/alice', 'alice'],
    ['github.com/alice-dev', 'alice-dev'],
    ['Here is my work: https://github.com/Alice-Dev/hermes-clone/tree/main', 'Alice-Dev'],
    ['See <https://github.com/bob42>.', 'bob42'],
    ['Check [my profile](https://github.com/carol) when you can.', 'carol'],
    ['Link: https://github.com/dave?tab=repositories', 'dave'],
    ['(github.com/erin) is where my code lives', 'erin'],
    ['my site is frank.github.io', 'frank'],
    ['https://gina-dev.github.io/portfolio', 'gina-dev'],
    // statements
    ['My GitHub is hank', 'hank'],
    ['my github is hank-99, thanks for asking', 'hank-99'],
    ['my GitHub username is ivan.', 'ivan'],
    ['My github handle is @judy', 'judy'],
    ['GitHub: kate', 'kate'],
    ['GitHub:kate', 'kate'],
    ['github username: @Leo', 'Leo'],
    ['GitHub handle is mallory', 'mallory'],
    ['Github ID = nina', 'nina'],
    ['My GitHub account: oscar\nMy phone: no thanks', 'oscar'],
    ['You can find me on GitHub as peggy', 'peggy'],
    ['find me on github under quinn-r if you like', 'quinn-r'],
    ["I'm rupert on GitHub", 'rupert'],
    ['I go by sybil on GitHub.', 'sybil'],
    ['I am @trent on github', 'trent'],
    // a label next to GitHub
    ['GitHub details below. Username: uma', 'uma'],
    ['username: victor (GitHub)', 'victor'],
    ['For GitHub my handle is walter and that is it', 'walter'],
    // @mentions near GitHub
    ['Ping @xena on GitHub', 'xena'],
    ['GitHub @yolanda', 'yolanda'],
    ['I am on GitHub, @zack, mostly Rust.', 'zack'],
  ])('%j -> %j', (text, expected) => {
    expect(extractGithubUsername(text)).toBe(expected);
  });
});

describe('extractGithubUsername ignores', () => {
  it.each([
    'Thanks for your note, I will look at the repo.',
    'We use GitHub Actions for CI.',
    'Our pipeline runs on GitHub Actions: fast and cheap.',
    'Read about it at https://github.com/features/actions',
    'https://github.com/orgs/acme/people',
    'https://github.com/settings/profile',
    'https://github.com/sponsors',
    'I cloned the GitHub repo yesterday.',
    'my github is down right now',
    'My GitHub is mostly private, sorry.',
    'My GitHub is empty.',
    'Everything I do on GitHub is private.',
    'My work on GitHub is mostly closed source.',
    'GitHub: not really active',
    'GitHub: yes',
    'GitHub: 5 years',
    'Experience with Git/GitHub: 3+ years',
    'I am active on GitHub',
    "I'm not on GitHub",
    'I am also on GitHub',
    'email me at bob@github.com',
    'write to bob@github.com, it is my GitHub address',
    'reach me @gmail, not GitHub',
    'Twitter: @alice_tw (not my GitHub)',
    'Twitter @birdie and that is all, no GitHub',
    'cc @carol',
    'GitHub username: alice_smith',
    'https://github.com/alice_smith',
    'https://api.github.com/users/alice',
    'https://gist.github.com/alice',
    'https://notgithub.com/alice',
    'github.com/-alice',
    'github.com/' + 'a'.repeat(40),
    'username: dana (that is my Slack one)',
    'my github username is below',
    'Find me on GitHub as well!',
    'GitHub: https',
    'Publish it at your-username.github.io',
    'Docs live at https://pages.github.io/guide',
    '',
  ])('%j', (text) => {
    expect(extractGithubUsername(text)).toBeNull();
  });
});

describe('extractGithubUsername choices', () => {
  it('prefers an explicit statement over an earlier bare link', () => {
    expect(extractGithubUsername('I liked github.com/someone-else/tool. By the way, my GitHub is alice')).toBe('alice');
  });

  it('prefers an @mention near GitHub over a link', () => {
    expect(extractGithubUsername('cool project https://github.com/lib-author/lib; me: @alice on GitHub')).toBe('alice');
  });

  it('prefers a link over a GitHub Pages site', () => {
    expect(extractGithubUsername('blog: pages-name.github.io, code: github.com/code-name')).toBe('code-name');
  });

  it('returns the first of two links', () => {
    expect(extractGithubUsername('github.com/first and github.com/second')).toBe('first');
  });

  it('keeps platforms apart on one line', () => {
    expect(extractGithubUsername('Twitter: @bird-name, GitHub: @code-name')).toBe('code-name');
    expect(extractGithubUsername('LinkedIn username: li-name, GitHub: gh-name')).toBe('gh-name');
    expect(extractGithubUsername('GitHub @gh-name | Twitter @tw-name')).toBe('gh-name');
  });

  it('moves past an explicit "GitHub:" followed by a link to the link itself', () => {
    expect(extractGithubUsername('GitHub: https://github.com/alice')).toBe('alice');
    expect(extractGithubUsername('my github is github.com/alice')).toBe('alice');
  });

  it('preserves case as written', () => {
    expect(extractGithubUsername('GitHub: OctoCat')).toBe('OctoCat');
  });
});

describe('extractGithubUsername exclude', () => {
  const reply = [
    'Sure, my GitHub is alice-dev.',
    '',
    'On Mon, Dana wrote:',
    '> Please star https://github.com/owner-name/hermes first.',
  ].join('\n');

  it('skips the excluded owner, compared case-insensitively, and keeps looking', () => {
    const text = 'Done! Starred https://github.com/Owner-Name/hermes. Mine is github.com/alice-dev';
    expect(extractGithubUsername(text, { exclude: ['owner-name'] })).toBe('alice-dev');
    expect(extractGithubUsername('Starred github.com/OWNER-NAME/hermes', { exclude: ['owner-name'] })).toBeNull();
  });

  it('excludes a name in every form', () => {
    for (const text of ['GitHub: owner-name', '@owner-name on GitHub', 'owner-name.github.io', "I'm owner-name on GitHub"]) {
      expect(extractGithubUsername(text, { exclude: ['Owner-Name'] })).toBeNull();
    }
  });

  it('ignores quoted lines even without the exclusion', () => {
    expect(extractGithubUsername(reply)).toBe('alice-dev');
    expect(extractGithubUsername('Thanks!\n> my GitHub is quoted-name\n  > github.com/other')).toBeNull();
  });
});

describe('extractGithubUsername in a reply to the star request', () => {
  it('takes a bare handle or label when the mail says the repository was starred', () => {
    expect(extractGithubUsername('Ha, fair enough. I just starred it. My handle is @rachel-t-codes (I used to code a bit).')).toBe('rachel-t-codes');
    expect(extractGithubUsername('Starred, as requested.\n\nusername: jvandermeer\n\nCurious what the repo is for.')).toBe('jvandermeer');
    expect(extractGithubUsername('Gave your repo a star! My login is dana-k')).toBe('dana-k');
  });

  it('takes them when the caller says the handle was asked for, and only then', () => {
    expect(extractGithubUsername('Sure thing. Username: priya-dev')).toBeNull();
    expect(extractGithubUsername('Sure thing. Username: priya-dev', { asked: true })).toBe('priya-dev');
    expect(extractGithubUsername('Here you go: @priya-dev', { asked: true })).toBe('priya-dev');
  });

  it('still refuses a handle the line gives for another platform', () => {
    expect(extractGithubUsername('I starred it! Find me on Twitter: @priya_writes', {})).toBeNull();
    expect(extractGithubUsername('My LinkedIn username: priya-dev', { asked: true })).toBeNull();
    expect(extractGithubUsername('Email me at priya@agency.example', { asked: true })).toBeNull();
  });
});

describe('extractGithubUsername is linear', () => {
  const MB = 1024 * 1024;
  // Every input names GitHub, so the scan cannot stop at the cheap "no GitHub here" check.
  const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length));

  it.each([
    ['github.com/', fill('github.com/')],
    ['@ run', `GitHub ${fill('@')}`],
    ['@mentions next to GitHub', `GitHub ${fill('@ab ')}`],
    ['my github is', fill('my github is ')],
    ['GitHub: ', fill('GitHub: ')],
    ['username: near GitHub', `GitHub ${fill('username: ')}`],
    ['name characters', `${fill('a')} on GitHub`],
    ['hyphens', `GitHub ${fill('-')}`],
    ['email-like at-signs', `GitHub ${fill('a@')}`],
    ['.github.io', fill('a.github.io')],
    ['spaces after a label', `GitHub:${fill(' ')}`],
    ['I am … on', fill("I'm on ")],
  ])('1 MB of %s', (_label, input) => {
    const started = performance.now();
    extractGithubUsername(input);
    // A quadratic scan of 1 MB would take hours; the linear one takes a fraction of a second, and
    // the bound leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
