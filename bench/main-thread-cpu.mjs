// What a page costs the browser's CPU, measured so that a busy machine does not change the figures
// much (Lighthouse's simulated TBT takes each main-thread task's wall time, which on a shared 2-core
// machine is mostly waiting for a core: the same build scores 76 to 99 on the home page within
// minutes). One unthrottled load per run in a phone viewport, traced; main-thread tasks are counted
// by their thread CPU time (trace `tdur`). Prints, median over the runs:
//   cpuTBT   Σ max(0, 4·cpu − 50 ms) over the main-thread tasks (Lighthouse's 4x CPU slowdown and 50 ms
//            long-task threshold applied to CPU time: an estimate of TBT on a quiet machine)
//   the CPU seconds of each browser process over the run (renderer, gpu-process: video decoding,
//   compositing and animations work there, competing with the main thread on two cores)
//   the eight longest tasks with what they did.
// Usage: npm run build && npx node bench/main-thread-cpu.mjs URL [runs=3] [seconds after load=6] [width=412]
//   (start the server first, e.g. `npm run serve`, or the 10,000-product copy of bench/catalog-generate.mjs)
//   env BLOCK='**/*.mp4' aborts matching requests (to see what the videos cost).
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
const [url, runsArg = '3', secsArg = '6', widthArg = '412'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'], headless: true });
const results = [];
/** CPU seconds (user+system) of every descendant process of this one, by process name (renderer, gpu, ...). */
function descendantsCpu() {
  const procs = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const type = (cmd.match(/--type=([a-z-]+)/) ?? [null, 'browser'])[1];
      procs.push({ pid: Number(d), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100, type });
    } catch {}
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) { grew = false; for (const p of procs) if (!mine.has(p.pid) && mine.has(p.ppid)) { mine.add(p.pid); grew = true; } }
  const byType = {};
  for (const p of procs) if (mine.has(p.pid) && p.pid !== process.pid) byType[`${p.type}:${p.pid}`] = p.cpu;
  return byType;
}
for (let run = 0; run < Number(runsArg); run++) {
  const ctx = await browser.newContext({ viewport: { width: Number(widthArg), height: 823 }, deviceScaleFactor: 1.75, isMobile: Number(widthArg) < 800, hasTouch: Number(widthArg) < 800 });
  const page = await ctx.newPage();
  if (process.env.BLOCK) await page.route(process.env.BLOCK, (r) => r.abort());
  const cdp = await ctx.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,loading', transferMode: 'ReportEvents' });
  const cpuBefore = descendantsCpu();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(Number(secsArg) * 1000);
  const cpuAfter = descendantsCpu();
  const procCpu = {};
  for (const [k, v] of Object.entries(cpuAfter)) { const type = k.split(':')[0]; procCpu[type] = (procCpu[type] ?? 0) + v - (cpuBefore[k] ?? 0); }
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end'); await done;
  await ctx.close();
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  let best = null;
  for (const [key, name] of names) {
    if (name !== 'CrRendererMain') continue;
    const evs = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X');
    const tasks = evs.filter((e) => e.name === 'RunTask');
    const cpu = tasks.reduce((s, t) => s + (t.tdur ?? 0), 0);
    if (!best || cpu > best.cpu) best = { evs, tasks, cpu };
  }
  const { evs, tasks, cpu } = best;
  const cpuTBT = tasks.reduce((s, t) => s + Math.max(0, (4 * (t.tdur ?? 0)) / 1000 - 50), 0);
  const top = [...tasks].sort((a, b) => b.tdur - a.tdur).slice(0, 8).map((t) => {
    const kids = evs.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && !/RunTask|mojo|Checkpoint|ThreadController/.test(e.name));
    const a = {};
    for (const k of kids) a[k.name] = (a[k.name] ?? 0) + (k.tdur ?? 0) / 1000;
    return `${Math.round((t.tdur ?? 0) / 1000)}ms cpu: ` + Object.entries(a).sort((x, y) => y[1] - x[1]).slice(0, 5).map(([n, d]) => `${n}:${Math.round(d)}`).join(' ');
  });
  results.push({ cpuTBT, cpu: cpu / 1000, top, procCpu });
}
await browser.close();
results.sort((a, b) => a.cpuTBT - b.cpuTBT);
const mid = results[Math.floor((results.length - 1) / 2)];
console.log(`${url}: cpuTBT median ${Math.round(mid.cpuTBT)} ms (runs ${results.map((r) => Math.round(r.cpuTBT)).join(', ')}), main-thread CPU ${Math.round(mid.cpu)} ms`);
console.log('   process CPU s over the run:', Object.entries(mid.procCpu).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', '));
for (const line of mid.top) console.log('   ', line);
