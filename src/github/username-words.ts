/**
 * First path segments of github.com that are pages or products, not accounts. GitHub keeps
 * these out of the username space (or they belong to GitHub itself), so `github.com/features`
 * or "GitHub: Actions" never names a recruiter. Lower case.
 */
export const RESERVED_GITHUB_NAMES: ReadonlySet<string> = new Set([
  'about', 'account', 'accounts', 'actions', 'admin', 'advisories', 'api', 'apps', 'archive',
  'assets', 'auth', 'blog', 'business', 'careers', 'codespaces', 'collections', 'community',
  'contact', 'copilot', 'customer-stories', 'dashboard', 'desktop', 'developer', 'discussions',
  'docs', 'downloads', 'education', 'enterprise', 'enterprises', 'events', 'explore', 'features',
  'gist', 'gists', 'git-guides', 'github', 'help', 'home', 'images', 'integrations', 'issues',
  'join', 'learn', 'login', 'logout', 'marketplace', 'mobile', 'new', 'nonprofit',
  'notifications', 'open-source', 'organizations', 'orgs', 'packages', 'pages', 'partners',
  'premium-support', 'press', 'pricing', 'privacy', 'pulls', 'raw', 'readme', 'repositories',
  'resources', 'search', 'security', 'sessions', 'settings', 'shop', 'showcases', 'signup',
  'site', 'skills', 'solutions', 'sponsors', 'stars', 'status', 'stories', 'support', 'team',
  'teams', 'terms', 'topics', 'training', 'trending', 'users', 'watching', 'why-github', 'wiki',
  'www',
]);

/**
 * Words that follow "my GitHub is", "GitHub:" or "I'm … on GitHub" in ordinary sentences
 * ("my GitHub is down", "GitHub: not really", "I'm active on GitHub") and placeholders from
 * templates ("GitHub: username", "your-username.github.io"). They are valid usernames, so they
 * are only refused where the name comes from prose or a Pages host; a `github.com/<name>` link
 * is explicit and does not consult this list.
 */
export const PROSE_WORDS: ReadonlySet<string> = new Set([
  // articles, pronouns, determiners
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'it', 'its', 'i', 'im', 'me', 'my', 'mine',
  'you', 'your', 'yours', 'we', 'us', 'our', 'ours', 'they', 'them', 'their', 'he', 'him', 'his',
  'she', 'her', 'some', 'any', 'all', 'each', 'every', 'both', 'either', 'neither', 'none',
  'nothing', 'something', 'another', 'other', 'same', 'such', 'own', 'one',
  // verbs and auxiliaries
  'is', 'was', 'are', 'be', 'been', 'being', 'has', 'have', 'had', 'do', 'does', 'did', 'will',
  'would', 'can', 'could', 'should', 'may', 'might', 'must', 'shall', 'get', 'got', 'see',
  'check', 'use', 'using', 'used',
  // prepositions, conjunctions, adverbs
  'in', 'on', 'at', 'to', 'of', 'for', 'by', 'via', 'per', 'with', 'without', 'from', 'into',
  'about', 'under', 'over', 'up', 'down', 'out', 'off', 'and', 'or', 'but', 'so', 'if', 'then',
  'than', 'because', 'since', 'though', 'while', 'as', 'where', 'what', 'which', 'who', 'why',
  'how', 'when', 'here', 'there', 'above', 'below', 'following', 'not', 'no', 'yes', 'never',
  'always', 'sometimes', 'often', 'rarely', 'usually', 'currently', 'still', 'already', 'yet',
  'again', 'even', 'ever', 'just', 'now', 'also', 'too', 'only', 'well', 'very', 'really',
  'quite', 'pretty', 'fairly', 'super', 'kinda', 'mostly', 'mainly', 'largely', 'primarily',
  'entirely', 'completely', 'totally', 'fully', 'partly', 'partially', 'basically',
  'essentially', 'actually', 'probably', 'definitely', 'certainly', 'obviously', 'clearly',
  'apparently', 'honestly', 'frankly', 'literally', 'seriously', 'technically',
  'unfortunately', 'sadly', 'hopefully', 'sure', 'maybe', 'perhaps',
  // states of an account or a profile
  'private', 'public', 'open', 'closed', 'empty', 'sparse', 'light', 'thin', 'full', 'busy',
  'quiet', 'active', 'inactive', 'dormant', 'outdated', 'old', 'new', 'abandoned', 'gone',
  'dead', 'broken', 'offline', 'online', 'locked', 'hidden', 'visible', 'invisible',
  'suspended', 'deleted', 'disabled', 'enabled', 'available', 'unavailable', 'accessible',
  'inaccessible', 'linked', 'attached', 'included', 'listed', 'shown', 'provided', 'given',
  'mentioned', 'missing', 'lacking', 'nonexistent', 'small', 'tiny', 'big', 'large', 'huge',
  'great', 'good', 'bad', 'nice', 'cool', 'fine', 'ok', 'okay', 'alright', 'terrible', 'awful',
  'amazing', 'awesome', 'impressive', 'messy', 'clean', 'required', 'optional', 'needed',
  'necessary', 'important', 'relevant', 'irrelevant', 'unknown', 'undefined', 'null', 'nil',
  'na', 'n-a', 'tbd', 'pending', 'coming', 'soon', 'later', 'today', 'tomorrow', 'yesterday',
  // courtesy
  'hi', 'hello', 'hey', 'dear', 'thanks', 'thank', 'please', 'sorry', 'regards', 'best',
  'cheers', 'wait',
  // placeholders and the words around a handle
  'username', 'user', 'name', 'handle', 'login', 'id', 'profile', 'account', 'link', 'url',
  'page', 'repo', 'repos', 'repository', 'repositories', 'project', 'projects', 'code', 'work',
  'portfolio', 'your-username', 'yourusername', 'yourname', 'your-name', 'example', 'xxx',
  'anonymous', 'redacted', 'http', 'https', 'www',
]);

/** Mail providers: "@gmail" is the tail of an address, never a GitHub mention. */
export const MAIL_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail', 'googlemail', 'yahoo', 'ymail', 'hotmail', 'outlook', 'live', 'msn', 'icloud', 'me',
  'mac', 'aol', 'proton', 'protonmail', 'pm', 'gmx', 'mail', 'email', 'fastmail', 'zoho',
  'yandex', 'tutanota', 'hey',
]);
