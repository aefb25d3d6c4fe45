/**
 * Text in an HTML body that a reader does not see but a model does: comments, elements hidden by
 * style, zero-size or white text, and alt/title attributes. Scans are indexOf/regex loops that
 * never revisit a character, so a megabyte of nested or unclosed markup stays linear.
 */

const OPEN_TAG_AT = /<([a-z][a-z0-9]{0,20})\b([^<>]{0,4000})>/iy;
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*(?:0|0?\.\d+|1)(?:px|pt|em|rem|%)?\s*(?:;|"|'|!|$)|(?:max-)?(?:height|width)\s*:\s*0(?:px)?\s*(?:;|"|'|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|"|'|$)|color\s*:\s*(?:#fff(?:fff)?|white|rgba?\(\s*255\s*,\s*255\s*,\s*255)\b/i;
const HIDDEN_ATTR = /(?:^|\s)hidden(?:\s|=|$)|aria-hidden\s*=\s*["']?true/i;
const ATTR_TEXT = /\b(?:alt|title|aria-label)\s*=\s*(?:"([^"]{1,2000})"|'([^']{1,2000})')/gi;
const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr']);

export function htmlToText(html: string): string {
  return html.replace(/<[^<>]{0,4000}>/g, ' ');
}

function comments(html: string, out: string[]): void {
  let at = html.indexOf('<!--');
  while (at >= 0) {
    const end = html.indexOf('-->', at + 4);
    out.push(html.slice(at + 4, end < 0 ? html.length : end));
    if (end < 0) return;
    at = html.indexOf('<!--', end + 3);
  }
}

/** End of the element opened by `name` whose content starts at `from`, counting nested twins. */
function elementEnd(html: string, name: string, from: number): number {
  const re = new RegExp(`<(/?)${name}\\b[^<>]{0,4000}>`, 'gi');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return html.length;
}

/**
 * Anything that can make an opening tag hiding, found in the whole HTML at once: `HIDING_STYLE`
 * and `HIDDEN_ATTR` with the end of a tag (`>`) also ending a value. Most mail has none, so its
 * hundreds of tags are never matched one by one; a tag holding one is then read as before.
 */
const HIDING_ANYWHERE = new RegExp(`${HIDING_STYLE.source.replaceAll('$', '$|>')}|hidden`, 'gi');

function hiddenElements(html: string, out: string[]): void {
  const find = HIDING_ANYWHERE;
  const tag = OPEN_TAG_AT;
  // The last '<' at or before the match and the next one after it, each found once, and the '<'
  // whose tag was read last: every '<' is read at most once, so the scan stays linear.
  let lt = -1;
  let nextLt = html.indexOf('<');
  let readLt = -1;
  let resume = 0;
  find.lastIndex = 0;
  for (let h = find.exec(html); h; h = find.exec(html)) {
    while (nextLt >= 0 && nextLt <= h.index) {
      lt = nextLt;
      nextLt = html.indexOf('<', lt + 1);
    }
    // A match not inside an opening tag, inside one read already, or inside a hidden element
    // already taken whole.
    if (lt < resume || lt === readLt) continue;
    readLt = lt;
    tag.lastIndex = lt;
    const m = tag.exec(html);
    if (!m || m.index + m[0].length <= h.index) continue;
    const name = (m[1] as string).toLowerCase();
    const attrs = m[2] ?? '';
    if (VOID.has(name) || attrs.endsWith('/')) continue;
    if (!HIDING_STYLE.test(attrs) && !HIDDEN_ATTR.test(attrs)) continue;
    const start = m.index + m[0].length;
    const end = elementEnd(html, name, start);
    out.push(htmlToText(html.slice(start, end)));
    // Nested hidden elements are inside this slice already; skipping them keeps the scan linear.
    resume = Math.max(end, start);
    find.lastIndex = resume;
  }
}

function attributeTexts(html: string, out: string[]): void {
  const re = ATTR_TEXT;
  re.lastIndex = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) out.push(m[1] ?? m[2] ?? '');
}

/** Hidden text fragments of `html`, each as plain text (entities still encoded). */
export function extractHiddenText(html: string): string[] {
  const out: string[] = [];
  comments(html, out);
  hiddenElements(html, out);
  attributeTexts(html, out);
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}
