/**
 * Removes injection markup from a recruiter's text before it goes into the model's user turn:
 * fake role tokens, template tokens, bracketed boundary markers, role labels at line starts,
 * divider-art lines and HTML comments. The words around them stay, so the reply can still
 * answer the human parts of the message.
 */
const ROLE_TOKENS = /<\|[a-z_]{2,30}\|>|\[\/?inst\]|<<\/?sys>>|<\/?(?:system|system_prompt|instructions|admin|user_input)>/gi;
const TEMPLATE_TOKENS = /\{\{\s*(?:user|char|system|assistant|model|bot|prompt|instructions?|input|random_user|original_prompt|jailbreak)\s*\}\}/gi;
const BOUNDARY = /\[\s*(?:end of|begin|start of|new)\s+(?:user\s+)?(?:input|prompt|context|document|email|conversation|system prompt|instructions|session)\s*\]/gi;
const ROLE_LABEL = /^([ \t>#*]{0,6})(?:system|developer|assistant|user|human)[ \t]*:/gim;
const DIVIDER_LINE = /^[^\n]{0,200}[-.=_*~/\\|<>•⊰⦑⦒✧:+]{6,}[^\n]{0,200}$/gm;
const DIVIDER_MARKER = /godmode|god mode|liberat|jailbr|unlock|pliny|l\W?o\W?v\W?e|unrestricted|unfiltered|rebel|new instructions|system prompt|end of (?:input|prompt|instructions)|enabled|activated|\bdan\b/i;

function stripComments(text: string): string {
  const parts: string[] = [];
  let from = 0;
  let at = text.indexOf('<!--');
  while (at >= 0) {
    parts.push(text.slice(from, at));
    const end = text.indexOf('-->', at + 4);
    from = end < 0 ? text.length : end + 3;
    at = end < 0 ? -1 : text.indexOf('<!--', from);
  }
  parts.push(text.slice(from));
  return parts.join('');
}

export function stripInjectionMarkup(text: string): string {
  return stripComments(text)
    .replace(ROLE_TOKENS, ' ')
    .replace(TEMPLATE_TOKENS, ' ')
    .replace(BOUNDARY, ' ')
    .replace(DIVIDER_LINE, (line) => (DIVIDER_MARKER.test(line) ? '' : line))
    .replace(ROLE_LABEL, '$1');
}
