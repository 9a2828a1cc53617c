import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileStylesheet, PageStylePruner, PageWords, pruneStylesheet, TextWords } from '../../../../src/server/http/page-css';

/** The stylesheet pruned for a page whose markup and modules are `texts`. */
function prune(css: string, ...texts: string[]): string {
  return pruneStylesheet(compileStylesheet(css), new PageWords(texts.map((text) => new TextWords(text))));
}

describe('pruneStylesheet', () => {
  it('keeps the rules whose classes the page names and drops the others', () => {
    const css = '.mt-4{margin-top:1rem}.mt-8{margin-top:2rem}.btn{color:red}';
    expect(prune(css, '<p class="mt-4 btn">')).toBe('.mt-4{margin-top:1rem}.btn{color:red}');
  });

  it('reads escaped class names (variants, arbitrary values, leading digits)', () => {
    const css = String.raw`.lg\:pt-\[4\.5rem\]{padding-top:4.5rem}.hover\:bg-white\/10:hover{background:#fff1}.\32 xl\:block{display:block}.w-1\/2{width:50%}`;
    expect(prune(css, '<div class="lg:pt-[4.5rem] 2xl:block">')).toBe(String.raw`.lg\:pt-\[4\.5rem\]{padding-top:4.5rem}.\32 xl\:block{display:block}`);
    expect(prune(css, 'className:"hover:bg-white/10 w-1/2"')).toBe(String.raw`.hover\:bg-white\/10:hover{background:#fff1}.w-1\/2{width:50%}`);
  });

  it('matches whole words only, but a class holding a quote or space anywhere', () => {
    const css = `.mt-1{margin-top:.25rem}.content-\\[\\'\\'\\]{content:''}`;
    expect(prune(css, 'class="mt-10"')).toBe('');
    expect(prune(css, `class="content-['']"`)).toBe(`.content-\\[\\'\\'\\]{content:''}`);
  });

  it('keeps each selector of a list that can match and drops the rest of the list', () => {
    expect(prune('.a,.b>p,.c:hover{color:red}', 'class="b c"')).toBe('.b>p,.c:hover{color:red}');
  });

  it('requires only the classes outside parentheses (a :not() or :where() class may be absent)', () => {
    const css = '.space-y-2>:not(:last-child){margin-bottom:.5rem}.group-hover\\:x:is(:where(.group):hover *){color:red}.x:not(.y){color:blue}';
    expect(prune(css, 'class="space-y-2 group-hover:x x"')).toBe(css);
  });

  it("keeps an Astro component's scoped rules only where the component is on the page", () => {
    const css = '.link[data-astro-cid-abc123]{color:red}[data-astro-cid-zzz]{color:blue}';
    expect(prune(css, '<a class="link" data-astro-cid-abc123>')).toBe('.link[data-astro-cid-abc123]{color:red}');
  });

  it('keeps rules without classes, at-rules that hold no style rules, and the licence banner', () => {
    const css =
      "/*! tailwindcss */\n/* note */@layer theme,base;:root{--x:1}html{color:red}@font-face{font-family:A;src:url(a.woff2)}@keyframes spin{to{transform:rotate(1turn)}}@property --tw-y{syntax:'*';inherits:false}";
    expect(prune(css, '')).toBe(
      "/*! tailwindcss */\n@layer theme,base;:root{--x:1}html{color:red}@font-face{font-family:A;src:url(a.woff2)}@keyframes spin{to{transform:rotate(1turn)}}@property --tw-y{syntax:'*';inherits:false}",
    );
  });

  it('prunes inside @layer, @media and @supports and drops the groups left empty', () => {
    const css = '@layer utilities{.a{color:red}@media (width>=40rem){.sm\\:a{color:blue}.sm\\:b{color:green}}@supports (display:grid){.c{display:grid}}}';
    expect(prune(css, 'class="a sm:b"')).toBe('@layer utilities{.a{color:red}@media (width>=40rem){.sm\\:b{color:green}}}');
    expect(prune(css, '')).toBe('');
  });

  it('reads class names the page HTML-escapes (island props)', () => {
    expect(prune('.badge{color:red}', 'props="{&quot;className&quot;:&quot;badge&quot;}"')).toBe('.badge{color:red}');
  });
});

describe('PageStylePruner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'page-css-'));
  mkdirSync(join(dir, '_astro'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const css = `.from-markup{a:1}.from-island{b:2}.from-lazy{c:3}.from-preload-list{d:4}.nowhere{e:5}${'.filler{f:6}'.repeat(400)}`;

  writeFileSync(join(dir, '_astro/Island.js'), 'import{j as e}from"./jsx.js";const M=()=>import("./Modal.js");export default()=>e("div",{className:"from-island"});');
  writeFileSync(join(dir, '_astro/jsx.js'), 'export const j=()=>null;');
  writeFileSync(join(dir, '_astro/Modal.js'), 'export default()=>"from-lazy";const m=["_astro/Deep.js"];');
  writeFileSync(join(dir, '_astro/Deep.js'), 'export const c="from-preload-list";');

  it('keeps what the markup and every module the page may run name, lazily imported ones too', () => {
    const html = `<html><head><style>${css}</style></head><body><p class="from-markup"></p><astro-island component-url="/_astro/Island.js"></astro-island></body></html>`;
    const pruned = new PageStylePruner(dir).prune(html);
    const style = /<style>([\s\S]*)<\/style>/.exec(pruned)![1];
    expect(style).toBe('.from-markup{a:1}.from-island{b:2}.from-lazy{c:3}.from-preload-list{d:4}');
    expect(pruned.replace(style!, '')).toBe(html.replace(css, ''));
  });

  it('leaves a small stylesheet whole (a component\'s own few rules)', () => {
    const html = '<style>.x{a:1}</style><p class="y"></p>';
    expect(new PageStylePruner(dir).prune(html)).toBe(html);
  });
});
