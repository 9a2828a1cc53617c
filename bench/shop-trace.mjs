// Where the main thread's time goes when the shop's products view answers a filter change or a
// search keystroke (issue #15 item 2): opens /shop?view=products of a running shop, lets the first
// page settle (images decoded), then records a Chromium performance trace (CDP Tracing) around
// one interaction at a time and prints, per interaction, the renderer main thread's busy time from
// the input to the frame that followed, split by trace event (self time: a parent's own time
// without its children), with the biggest first.
//
//   npx node bench/shop-trace.mjs [--url http://127.0.0.1:4400] [--top 14] [--save /tmp/shop-trace]
//   (--save writes each interaction's trace as JSON, to open in Chromium's Performance panel)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const options = { url: 'http://127.0.0.1:4400', top: 14, save: '' };
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  const value = process.argv[++i];
  if (arg === '--url') options.url = value.replace(/\/+$/, '');
  else if (arg === '--top') options.top = Number(value);
  else if (arg === '--save') options.save = value;
  else throw new Error(`Unknown option ${arg}`);
}

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((p) => existsSync(p));
if (!CHROMIUM) throw new Error('No Chromium: install chromium or chromium-headless-shell.');

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute', 'disabled-by-default-devtools.timeline.frame', 'latencyInfo'].join(',');

/** The renderer main thread's complete events ('X') with their self time, from a trace's events. */
function mainThreadSelfTimes(events) {
  const threadNames = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  const main = [...threadNames.entries()].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key);
  // The page's renderer: the main thread with the most events.
  const counts = new Map(main.map((k) => [k, 0]));
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (counts.has(k)) counts.set(k, counts.get(k) + 1);
  }
  const key = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time: subtract each event's direct children (events nest properly on one thread).
  const stack = [];
  const out = [];
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const item = { name: e.name, ts: e.ts, dur: e.dur, self: e.dur, args: e.args, depth: stack.length };
    if (stack.length) stack.at(-1).self -= e.dur;
    stack.push(item);
    out.push(item);
  }
  return out;
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${options.url}/shop?view=products`, { waitUntil: 'load' });
  await page.locator('[data-shop-ready="true"]').waitFor({ state: 'attached', timeout: 120_000 });
  await page.waitForTimeout(1500);
  console.log(`${options.url}/shop?view=products: ${(await page.locator('#shop-result-count').textContent())?.trim()} (Chromium ${browser.version()})`);
  if (options.save) mkdirSync(options.save, { recursive: true });

  const search = page.getByRole('searchbox', { name: 'Search products' });
  const steps = [
    ['search: type "e"', async () => { await search.click(); await page.waitForTimeout(300); return () => page.keyboard.press('e'); }],
    ['search: type "p"', async () => () => page.keyboard.press('p')],
    ['search: erase', async () => () => page.keyboard.press('Backspace')],
    ['search: erase all', async () => () => page.keyboard.press('Backspace')],
    ['category: ArrowDown', async () => { await page.locator('#shop-category').focus(); return () => page.keyboard.press('ArrowDown'); }],
    ['category: ArrowDown', async () => () => page.keyboard.press('ArrowDown')],
    ['brand: ArrowDown', async () => { await page.locator('#shop-brand').focus(); return () => page.keyboard.press('ArrowDown'); }],
    ['in stock: click', async () => { const box = page.getByRole('checkbox', { name: /In stock only/ }); return () => box.click(); }],
    ['sort: ArrowDown', async () => { await page.locator('#shop-sort').focus(); return () => page.keyboard.press('ArrowDown'); }],
  ];
  let n = 0;
  for (const [label, prepare] of steps) {
    const act = await prepare();
    await page.waitForTimeout(800);
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await act();
    await page.waitForTimeout(600);
    const buffer = await browser.stopTracing();
    const trace = JSON.parse(buffer.toString());
    const events = trace.traceEvents ?? trace;
    if (options.save) writeFileSync(join(options.save, `${String(++n).padStart(2, '0')}-${label.replace(/[^a-z0-9]+/gi, '-')}.json`), buffer);
    const times = mainThreadSelfTimes(events);
    // From the input event's dispatch to the end of the first commit after it.
    const input = times.find((t) => t.name === 'EventDispatch' && /keydown|pointerdown|mousedown/.test(t.args?.data?.type ?? ''));
    if (!input) {
      console.log(`\n${label}: no input event in the trace`);
      continue;
    }
    // Everything the main thread did from the input to 600 ms later.
    const inWindow = (end) => times.filter((t) => t.ts + t.dur > input.ts && t.ts < end);
    const summarise = (list) => {
      const by = new Map();
      for (const t of list) by.set(t.name, (by.get(t.name) ?? 0) + t.self);
      return [...by.entries()].sort((a, b) => b[1] - a[1]);
    };
    const top = inWindow(input.ts + 600_000).filter((t) => t.depth === 0);
    const busy = top.reduce((s, t) => s + t.dur, 0) / 1000;
    const firstTask = top[0];
    console.log(`\n${label}: main thread busy ${busy.toFixed(1)} ms in the 600 ms after the input; first task ${(firstTask.dur / 1000).toFixed(1)} ms; ${top.length} tasks, longest ${(Math.max(...top.map((t) => t.dur)) / 1000).toFixed(1)} ms`);
    for (const [name, self] of summarise(inWindow(input.ts + 600_000)).slice(0, options.top)) {
      if (self < 300) break;
      console.log(`  ${name.padEnd(34)} ${(self / 1000).toFixed(1).padStart(7)} ms`);
    }
  }
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
