/**
 * Text in an HTML body that a reader does not see but a model does: comments, elements hidden by
 * style, zero-size or white text, and alt/title attributes. Scans are indexOf/regex loops that
 * never revisit a character, so a megabyte of nested or unclosed markup stays linear.
 */

import { hexDigitValue } from '../normalise.js';

const OPEN_TAG_AT = /<([a-z][a-z0-9]*)\b([^<>]*)>/iy;
// Declarations that hide what they style. Each must start a declaration, so that
// `background-color:#fff`, `border-width:0` and `min-height:0` hide nothing.
const DECLARATION_START = String.raw`(?<![\w-])`;
const HIDING = String.raw`display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*(?:0|0?\.\d+|1)(?:px|pt|em|rem|%)?\s*(?:;|"|'|!|$)|(?:max-)?(?:height|width)\s*:\s*0(?:px)?\s*(?:;|"|'|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|"|'|$)`;
/** A text colour, in a style or a `<font color>`, that may be white or nearly so; `hides` reads the value. */
const LIGHT_TEXT_MAYBE = String.raw`color\s*(?::|=\s*["']?)\s*(?:#[ef]|white|rgba?\()`;
const OTHER_HIDING = new RegExp(`${DECLARATION_START}(?:${HIDING})`, 'i');
const TEXT_COLOUR = /(?<![\w-])color\s*(?::|=\s*["']?)\s*(#[0-9a-f]{3,8}\b|rgba?\([^)]{0,40}\)|[a-z]+)/gi;
const BACKGROUND = /(?:(?<![\w-])background(?:-color)?\s*:|\bbgcolor\s*=)\s*["']?\s*(#[0-9a-f]{3,8}\b|rgba?\([^)]{0,40}\)|[a-z]+)/gi;
/** Named colours a reader cannot tell from a white page, and values that leave the page's own. */
const PAGE_LIKE = new Set(['white', 'snow', 'ivory', 'whitesmoke', 'ghostwhite', 'floralwhite', 'azure', 'mintcream', 'seashell', 'honeydew', 'aliceblue', 'lavenderblush', 'linen', 'oldlace', 'transparent', 'none', 'inherit', 'initial', 'unset', 'url']);
const HIDDEN_ATTR = /(?:^|\s)hidden(?:\s|=|$)|aria-hidden\s*=\s*["']?true/i;
const ATTR_TEXT = /\b(?:alt|title|aria-label)\s*=\s*(?:"([^"]+)"|'([^']+)')/gi;
const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr']);

export function htmlToText(html: string): string {
  return html.replace(/<[^<>]*>/g, ' ');
}

/**
 * The HTML comments, into `out`, and where each `<style>` element's content starts and ends,
 * returned in order: [start, end, start, end…]. One pass in document order, as a browser reads
 * them: `<!--` inside a style element is CSS (`styleText`), and `<style>` inside a comment is
 * comment text, so a fake `<style>` in a comment cannot turn the comments after it into CSS. An
 * element or a comment left open runs to the end.
 */
function commentsAndStyles(html: string, out: string[]): number[] {
  const styles: number[] = [];
  let pos = 0;
  let comment = html.indexOf('<!--');
  STYLE_OPEN.lastIndex = 0;
  let style = STYLE_OPEN.exec(html);
  while (comment >= 0 || style !== null) {
    if (comment >= 0 && (style === null || comment < style.index)) {
      const end = html.indexOf('-->', comment + 4);
      out.push(html.slice(comment + 4, end < 0 ? html.length : end));
      if (end < 0) break;
      pos = end + 3;
    } else if (style !== null) {
      const start = style.index + style[0].length;
      STYLE_CLOSE.lastIndex = start;
      const close = STYLE_CLOSE.exec(html);
      styles.push(start, close ? close.index : html.length);
      if (close === null) break;
      pos = close.index + close[0].length;
    }
    // The next of each that starts at or after `pos`, each searched again only once passed.
    if (comment >= 0 && comment < pos) comment = html.indexOf('<!--', pos);
    if (style !== null && style.index < pos) {
      STYLE_OPEN.lastIndex = pos;
      style = STYLE_OPEN.exec(html);
    }
  }
  return styles;
}
const STYLE_OPEN = /<style\b[^<>]*>/gi;
const STYLE_CLOSE = /<\/style\s*>/gi;

/** A CSS comment or a quoted string: where words can stand in a style sheet. */
const CSS_WORDS = /\/\*([^]*?)(?:\*\/|$)|"([^"\n]*)"|'([^'\n]*)'/g;

/**
 * What a style element holds in words, as one fragment: its CSS comments and quoted strings
 * (`content: "…"`, font names), and what stands outside every `{…}` block (selectors, at-rules,
 * and a sentence written there, inside `<!-- … -->` as one would hide a comment). The declarations
 * inside the blocks are code. Mail clients put their whole style sheet inside `<!-- … -->`
 * (Outlook's "/* Font Definitions *\/ @font-face…", ~600 characters in every mail it writes), and
 * screened whole as a comment it cost more than the email's text. No reader sees a style
 * element's content and no text converter keeps it, so words in it are only an attempt, which the
 * fragment still shows.
 */
function styleText(html: string, styles: number[], out: string[]): void {
  for (let k = 0; k < styles.length; k += 2) {
    const css = html.slice(styles[k] as number, styles[k + 1] as number);
    const words: string[] = [];
    // The CSS between the comments and strings, each gap read as a space, for `outsideBlocks`.
    const rest: string[] = [];
    let from = 0;
    CSS_WORDS.lastIndex = 0;
    for (let m = CSS_WORDS.exec(css); m; m = CSS_WORDS.exec(css)) {
      words.push(m[1] ?? m[2] ?? m[3] ?? '');
      rest.push(css.slice(from, m.index));
      from = CSS_WORDS.lastIndex;
    }
    rest.push(css.slice(from));
    const bare = outsideBlocks(rest.join(' ')).trim();
    if (bare.length > 0) words.push(bare);
    if (words.length > 0) out.push(words.join('\n'));
  }
}

/** `css` without its `{…}` blocks, nested ones included; a block left open runs to the end. */
function outsideBlocks(css: string): string {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  // The next brace of each kind, each found once: linear however the braces nest.
  let open = css.indexOf('{');
  let close = css.indexOf('}');
  while (open >= 0 || close >= 0) {
    if (open >= 0 && (close < 0 || open < close)) {
      if (depth === 0 && open > from) parts.push(css.slice(from, open));
      depth++;
      open = css.indexOf('{', open + 1);
    } else {
      if (depth > 0 && --depth === 0) from = close + 1;
      close = css.indexOf('}', close + 1);
    }
  }
  if (depth === 0 && from < css.length) parts.push(css.slice(from));
  return parts.join(' ');
}

/**
 * The opening and closing tags of `name`, one regex per name: compiled per hidden element, they
 * were the largest cost of 1 MB of `<div hidden>a</div>`. Kept for a bounded number of names, so
 * that mail with endless made-up tag names cannot fill the memory.
 */
const TWIN_TAGS = new Map<string, RegExp>();
const MAX_TWIN_TAGS = 64;
function twinTags(name: string): RegExp {
  let re = TWIN_TAGS.get(name);
  if (re === undefined) {
    re = new RegExp(`<(/?)${name}\\b[^<>]*>`, 'gi');
    if (TWIN_TAGS.size < MAX_TWIN_TAGS) TWIN_TAGS.set(name, re);
  }
  return re;
}

/** End of the element opened by `name` whose content starts at `from`, counting nested twins. */
function elementEnd(html: string, name: string, from: number): number {
  const re = twinTags(name);
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return html.length;
}

/**
 * Anything that can make an opening tag hiding, found in the whole HTML at once: a hiding
 * declaration or a light text colour where a declaration starts (`insideName`), and `HIDDEN_ATTR`,
 * with the end of a tag (`>`) also ending a value. Most mail has none, so its
 * hundreds of tags are never matched one by one; a tag holding one is then read as before.
 */
const HIDING_ANYWHERE = new RegExp(`(?:${HIDING}|${LIGHT_TEXT_MAYBE})`.replaceAll('$', '$|>') + '|hidden', 'gi');
/** What `hiddenElements` needs of a global regex: the next match from `lastIndex`. */
interface Finder {
  lastIndex: number;
  exec(text: string): { index: number; 0: string } | null;
}

/**
 * Finds each CSS escape or comment, which can spell a hiding declaration no pattern above reads as
 * written (`cssRead`), by two native searches. A second pass stops at these: as alternatives of
 * HIDING_ANYWHERE they made its scan of every HTML body ~25–35% slower (V8 could no longer skip
 * ahead by the words' letters), and as a regex of their own the pass cost ~2 µs a body.
 */
class CssEscapeOrComment implements Finder {
  lastIndex = 0;
  // The next of each at or after the last search, each searched again only once passed: a search
  // per call would read to the end for the one that no longer occurs, once per match.
  private slash = -2;
  private comment = -2;
  exec(text: string): { index: number; 0: string } | null {
    if (this.slash !== -1 && this.slash < this.lastIndex) this.slash = text.indexOf('\\', this.lastIndex);
    if (this.comment !== -1 && this.comment < this.lastIndex) this.comment = text.indexOf('/*', this.lastIndex);
    const { slash, comment } = this;
    const index = slash < 0 ? comment : comment < 0 ? slash : Math.min(slash, comment);
    if (index < 0) return null;
    const found = index === slash ? '\\' : '/*';
    this.lastIndex = index + found.length;
    return { index, 0: found };
  }
}
/**
 * `[\w-]`, the characters DECLARATION_START rules out before a declaration. HIDING_ANYWHERE checks
 * it in code instead of a lookbehind: a regex that opens with a lookbehind tries it at every
 * position, which made this scan ~5 ns a character of HTML (10 µs for a 2 KB body).
 */
const NAME_CHAR = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-') NAME_CHAR[c.charCodeAt(0)] = 1;
/** A HIDING_ANYWHERE match `m` at `at` continues a longer name (`line-height`, `background-color`); `hidden` needs no start. */
function insideName(html: string, at: number, m: string): boolean {
  if (at === 0 || (m.length === 6 && m.toLowerCase() === 'hidden')) return false;
  return NAME_CHAR[html.charCodeAt(at - 1)] === 1;
}

/** The last value `re` (a global regex with the value in group 1) finds in `attrs`. */
function lastColour(re: RegExp, attrs: string): string | undefined {
  let value: string | undefined;
  re.lastIndex = 0;
  for (let m = re.exec(attrs); m; m = re.exec(attrs)) value = (m[1] as string).toLowerCase();
  return value;
}

/** The three channels of an `rgb()`/`rgba()` value. */
const RGB = /^rgba?\(\s*(\d{1,3})\D+(\d{1,3})\D+(\d{1,3})/;
const LIGHT = 0xf0;

/** A colour no reader tells from a white page: each channel at 0xf0 or more, or a name in PAGE_LIKE. */
function pageLike(colour: string): boolean {
  if (colour.charCodeAt(0) === 35) {
    // #rgb, #rgba, #rrggbb or #rrggbbaa
    const n = colour.length - 1;
    const step = n === 3 || n === 4 ? 1 : n === 6 || n === 8 ? 2 : 0;
    if (step === 0) return false;
    for (let i = 1; i < 1 + 3 * step; i += step) {
      const channel = parseInt(colour.slice(i, i + step), 16) * (step === 1 ? 17 : 1);
      if (!(channel >= LIGHT)) return false;
    }
    return true;
  }
  const m = RGB.exec(colour);
  if (m) return Number(m[1]) >= LIGHT && Number(m[2]) >= LIGHT && Number(m[3]) >= LIGHT;
  return PAGE_LIKE.has(colour);
}

const CSS_COMMENT = /\/\*[^]*?(?:\*\/|$)/g;
const CSS_SPACE = new Set([32, 9, 10, 13, 12]);
/**
 * Attributes as a browser reads their CSS: comments dropped and escapes resolved, so that
 * `displa\y:none`, `display:n\6f ne` and `display/**\/:none` hide as `display:none` does.
 * A second pass of `hiddenElements` stops at every `\\` and `/*`, so a tag holding one is read.
 */
function cssRead(attrs: string): string {
  const s = attrs.includes('/*') ? attrs.replace(CSS_COMMENT, '') : attrs;
  // Each `\`: up to six hex digits and one optional white space, or any one character but a line
  // break, which stands for itself; a `\` before a line break or at the end stays. (A `replace`
  // with a callback per escape cost most of reading 1 MB of tags that hold one.)
  let out = '';
  let from = 0;
  for (let slash = s.indexOf('\\'); slash >= 0; slash = s.indexOf('\\', from)) {
    out += s.slice(from, slash);
    let j = slash + 1;
    let code = 0;
    for (let digit = hexDigitValue(s.charCodeAt(j)); j - slash <= 6 && digit >= 0; digit = hexDigitValue(s.charCodeAt(++j))) code = code * 16 + digit;
    if (j > slash + 1) {
      if (CSS_SPACE.has(s.charCodeAt(j))) j++;
      out += code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    } else if (j < s.length && s.charCodeAt(j) !== 10) {
      out += s[j];
      j++;
    } else {
      out += '\\';
    }
    from = j;
  }
  return out + s.slice(from);
}

/**
 * The attributes of an opening tag hide its content: hidden, zero-size or transparent, or white
 * text (as good as white) on the page's own background. White text on a background of its own is
 * a button or a banner, which every reader sees.
 */
function hides(raw: string): boolean {
  const attrs = raw.includes('\\') || raw.includes('/*') ? cssRead(raw) : raw;
  if (HIDDEN_ATTR.test(attrs) || OTHER_HIDING.test(attrs)) return true;
  const text = lastColour(TEXT_COLOUR, attrs);
  if (text === undefined || !pageLike(text)) return false;
  const background = lastColour(BACKGROUND, attrs);
  return background === undefined || pageLike(background);
}

/**
 * The hidden elements of `html`, into `out`: each match of `find` (a global regex) inside an
 * opening tag has that tag read. `before` holds [opening tag, content end) of the elements an
 * earlier pass took, in order, which this pass skips; `taken` receives this pass's own.
 */
function hiddenElements(html: string, out: string[], find: Finder, before: readonly number[], taken: number[]): void {
  const tag = OPEN_TAG_AT;
  const declarations = find === HIDING_ANYWHERE;
  let t = 0;
  // The last '<' at or before the match and the next one after it, each found once, and the '<'
  // whose tag was read last: every '<' is read at most once, so the scan stays linear.
  let lt = -1;
  let nextLt = html.indexOf('<');
  let readLt = -1;
  let resume = 0;
  find.lastIndex = 0;
  for (let h = find.exec(html); h; h = find.exec(html)) {
    if (declarations && insideName(html, h.index, h[0])) {
      // As the lookbehind failing there would: the scan goes on from the next character.
      find.lastIndex = h.index + 1;
      continue;
    }
    while (nextLt >= 0 && nextLt <= h.index) {
      lt = nextLt;
      nextLt = html.indexOf('<', lt + 1);
    }
    // A match not inside an opening tag, inside one read already, or inside a hidden element
    // already taken whole.
    if (lt < resume || lt === readLt) continue;
    while (t < before.length && (before[t + 1] as number) <= lt) t += 2;
    if (t < before.length && (before[t] as number) <= lt) continue;
    readLt = lt;
    tag.lastIndex = lt;
    const m = tag.exec(html);
    if (!m || m.index + m[0].length <= h.index) continue;
    const name = (m[1] as string).toLowerCase();
    const attrs = m[2] ?? '';
    if (VOID.has(name) || attrs.endsWith('/')) continue;
    if (!hides(attrs)) continue;
    const start = m.index + m[0].length;
    const end = elementEnd(html, name, start);
    out.push(htmlToText(html.slice(start, end)));
    taken.push(lt, end);
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
  styleText(html, commentsAndStyles(html, out), out);
  const taken: number[] = [];
  hiddenElements(html, out, HIDING_ANYWHERE, [], taken);
  if (html.includes('\\') || html.includes('/*')) hiddenElements(html, out, new CssEscapeOrComment(), taken, []);
  attributeTexts(html, out);
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}
