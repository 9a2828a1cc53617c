/**
 * Per-page stylesheets: every page inlines the storefront's one Tailwind stylesheet (about 92 KB,
 * 14 KB brotli), most of whose rules style other pages. `pruneStylesheet` keeps only the rules a
 * page can use: those whose selectors name no class and no scoped-style id that is absent from
 * the page's own HTML and from the JavaScript the page may run (its islands, scripts and every
 * module they may import, lazily imported ones too). A class an island adds later is therefore
 * still styled; Tailwind itself only builds classes whose full names occur in the sources, so a
 * class the page can apply is always spelt out in the page or its modules.
 *
 * Used at build time on the pre-rendered pages (src/integrations/page-css.ts) and on the product
 * pages rendered on demand (src/server/catalog/product-pages.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Characters that end a class-name token in HTML or JavaScript text (never part of the class names looked up as tokens). */
const TOKEN_SEPARATORS = /[\s"'`<>=\\]+/;
/** A class name holding one of the separators is looked up as a substring instead. */
const HAS_SEPARATOR = /[\s"'`<>=\\]/;

/** The words of one text (HTML entities decoded), each a possible class name. */
export class TextWords {
  readonly text: string;
  readonly tokens: Set<string>;

  constructor(text: string) {
    this.text = text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    this.tokens = new Set(this.text.split(TOKEN_SEPARATORS));
  }
}

/** The words of a page: its markup's and those of each module it may run (each module's read once per process). */
export class PageWords {
  constructor(private readonly parts: readonly TextWords[]) {}

  /** Whether `name` occurs as a whole word (a class name holding a separator: anywhere). */
  has(name: string): boolean {
    return HAS_SEPARATOR.test(name) ? this.includes(name) : this.parts.some((part) => part.tokens.has(name));
  }

  /** Whether `fragment` occurs anywhere. */
  includes(fragment: string): boolean {
    return this.parts.some((part) => part.text.includes(fragment));
  }
}

/** Undoes CSS escapes in an identifier (`\:` → `:`, `\32 xl` → `2xl`). */
function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char!,
  );
}

/** Splits at the top-level commas of a selector list (not those inside parentheses, brackets or strings). */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i]!;
    if (c === '\\') {
      i += 1;
    } else if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '(' || c === '[') {
      depth += 1;
    } else if (c === ')' || c === ']') {
      depth -= 1;
    } else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The part of a selector outside parentheses and attribute brackets: what every match must have. */
function requiredPart(selector: string): { classes: string[]; scopes: string[] } {
  let outside = '';
  let depth = 0;
  let quote = '';
  const scopes: string[] = [];
  for (let i = 0; i < selector.length; i += 1) {
    const c = selector[i]!;
    if (c === '\\') {
      if (depth === 0) outside += selector.slice(i, i + 2);
      i += 1;
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '(') {
      depth += 1;
    } else if (c === ')') {
      depth -= 1;
    } else if (c === '[' && depth === 0) {
      // Astro's scoped styles: [data-astro-cid-xxxx] is on the elements of one component.
      const end = selector.indexOf(']', i);
      const attribute = selector.slice(i + 1, end < 0 ? undefined : end);
      if (/^data-astro-cid-[\w-]+$/.test(attribute)) scopes.push(attribute);
      i = end < 0 ? selector.length : end;
      outside += ' ';
    } else if (depth === 0) {
      outside += c;
    }
  }
  const classes = [...outside.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) => unescapeIdentifier(m[1]!));
  return { classes, scopes };
}

/** One selector of a rule with what it requires of the page. */
interface CompiledSelector {
  text: string;
  classes: string[];
  scopes: string[];
}

/** A stylesheet parsed once: text kept as is, grouping at-rules, and style rules with their selectors' requirements. */
type CompiledNode =
  | { kind: 'text'; text: string }
  | { kind: 'group'; prelude: string; children: CompiledNode[] }
  | { kind: 'rule'; selectors: CompiledSelector[]; body: string };

/** Whether a selector can match on the page: each class and scope it requires occurs in the page's words. */
function selectorLives(selector: CompiledSelector, words: PageWords): boolean {
  return selector.classes.every((name) => words.has(name)) && selector.scopes.every((scope) => words.has(scope));
}

/** At-rules whose blocks hold style rules (pruned inside); any other block at-rule is kept whole. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container|starting-style|scope|document)\b/i;

/**
 * Index of the first character of `css` from `from`, outside strings, comments and escapes, for
 * which `stop` is true; the length of `css` when there is none.
 */
function scan(css: string, from: number, stop: (c: string) => boolean): number {
  for (let i = from; i < css.length; i += 1) {
    const c = css[i]!;
    if (c === '\\') {
      i += 1;
    } else if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close < 0 ? css.length : close;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (stop(c)) {
      return i;
    }
  }
  return css.length;
}

/** Index just past the block that opens at `open` (a '{'). */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  const close = scan(css, open, (c) => {
    if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    return depth === 0;
  });
  return Math.min(close + 1, css.length);
}

/** Index of the next '{', ';' or '}' at this level of `css` from `from`. */
function preludeEnd(css: string, from: number): number {
  return scan(css, from, (c) => c === '{' || c === ';' || c === '}');
}

/** Parses a stylesheet into rules and groups (comments dropped but the licence banner, `/*!`). */
export function compileStylesheet(css: string): CompiledNode[] {
  const nodes: CompiledNode[] = [];
  let i = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      const end = close < 0 ? css.length : close + 2;
      if (css[i + 2] === '!') nodes.push({ kind: 'text', text: `${css.slice(i, end)}\n` });
      i = end;
      continue;
    }
    const stop = preludeEnd(css, i);
    if (stop >= css.length || css[stop] === '}') {
      // A stray declaration or closing brace at this level: kept as it is.
      nodes.push({ kind: 'text', text: css.slice(i, Math.min(stop + 1, css.length)) });
      i = stop + 1;
      continue;
    }
    const prelude = css.slice(i, stop).trim();
    if (css[stop] === ';') {
      nodes.push({ kind: 'text', text: `${prelude};` });
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    const body = css.slice(stop + 1, end - 1);
    if (!prelude.startsWith('@')) {
      const selectors = splitSelectorList(prelude).map((text) => ({ text, ...requiredPart(text) }));
      nodes.push({ kind: 'rule', selectors, body });
    } else if (GROUPING_AT_RULES.test(prelude)) {
      nodes.push({ kind: 'group', prelude, children: compileStylesheet(body) });
    } else {
      // @font-face, @keyframes, @property...: kept whole.
      nodes.push({ kind: 'text', text: css.slice(i, end) });
    }
    i = end;
  }
  return nodes;
}

/**
 * The stylesheet with only the rules that can apply on a page whose markup and modules are
 * `words`; groups left empty go. A rule whose body nests rules (CSS nesting) is kept whole when
 * any of its selectors lives.
 */
export function pruneStylesheet(nodes: readonly CompiledNode[], words: PageWords): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') {
      out += node.text;
    } else if (node.kind === 'group') {
      const inner = pruneStylesheet(node.children, words);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else {
      const alive = node.selectors.filter((selector) => selectorLives(selector, words));
      if (alive.length > 0) out += `${alive.map((selector) => selector.text).join(',')}{${node.body}}`;
    }
  }
  return out;
}

/** Script URLs a page's HTML names: <script src>, island component/renderer URLs, module preloads. */
function pageScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)) urls.add(match[1]!);
  for (const match of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)=["']([^"']+)["']/gi)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/gi)) urls.add(match[1]!);
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const specifier of moduleSpecifiers(match[1]!)) urls.add(specifier);
  }
  return [...urls].map((url) => url.replace(/&amp;/g, '&'));
}

/** Every quoted string in a module that names a .js file: static and dynamic imports, Vite's preload lists. */
function moduleSpecifiers(code: string): string[] {
  return [...code.matchAll(/["'`]((?:\.{1,2}\/|\/|_astro\/)[\w./@-]*?\.js)["'`]/g)].map((m) => m[1]!);
}

/**
 * Prunes the pages of one build: its modules are read, and its stylesheets parsed, once each;
 * a page then costs a walk of its module graph and a pass over the rules (a few milliseconds).
 */
export class PageStylePruner {
  readonly #modules = new Map<string, { words: TextWords; imports: string[] } | null>();
  readonly #stylesheets = new Map<string, CompiledNode[]>();

  /** `clientDir`: the build's client folder (dist/client), whose URL paths the pages' scripts name. */
  constructor(private readonly clientDir: string) {}

  /** A module by URL path, with its words and the modules it may import; null when the build lacks it. */
  #module(path: string): { words: TextWords; imports: string[] } | null {
    if (!this.#modules.has(path)) {
      const file = join(this.clientDir, path);
      if (!existsSync(file)) {
        this.#modules.set(path, null);
      } else {
        const code = readFileSync(file, 'utf8');
        const imports = moduleSpecifiers(code).map((specifier) =>
          posix.normalize(
            specifier.startsWith('/') ? specifier : specifier.startsWith('_astro/') ? `/${specifier}` : posix.join(posix.dirname(path), specifier),
          ),
        );
        this.#modules.set(path, { words: new TextWords(code), imports });
      }
    }
    return this.#modules.get(path)!;
  }

  /** The words of every module a page may run (statically or lazily imported). */
  #moduleWords(html: string): TextWords[] {
    const seen = new Set<string>();
    const queue = pageScriptUrls(html)
      .filter((url) => !/^[a-z]+:/i.test(url))
      .map((url) => posix.normalize(`/${url.split(/[?#]/)[0]!.replace(/^\/+/, '')}`));
    const words: TextWords[] = [];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const found = this.#module(path);
      if (!found) continue;
      words.push(found.words);
      queue.push(...found.imports);
    }
    return words;
  }

  /** A stylesheet parsed, once per distinct text. */
  #compiled(css: string): CompiledNode[] {
    let nodes = this.#stylesheets.get(css);
    if (!nodes) {
      nodes = compileStylesheet(css);
      this.#stylesheets.set(css, nodes);
    }
    return nodes;
  }

  /** A page's HTML with each large inline stylesheet reduced to the rules the page and its modules can use. */
  prune(html: string): string {
    // The stylesheets themselves name every class: only the markup and the modules count.
    const markup = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '');
    const words = new PageWords([new TextWords(markup), ...this.#moduleWords(html)]);
    return html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (whole, open: string, css: string, close: string) =>
      css.length < PRUNED_STYLE_MIN_CHARS ? whole : `${open}${pruneStylesheet(this.#compiled(css), words)}${close}`,
    );
  }
}

/** The <style> elements of a page holding more than this many characters are pruned (small ones are kept as they are). */
const PRUNED_STYLE_MIN_CHARS = 4096;
