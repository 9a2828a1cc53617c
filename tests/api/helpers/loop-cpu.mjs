// Loaded into a test's server with `--import`: how much CPU the server's main thread spent between
// two turns of a 10 ms timer, appended as a JSON line `{ at, cpuMs, wallMs }` to LOOP_CPU_FILE when
// over LOOP_CPU_REPORT_MS (default 5). The event-loop delay (monitorEventLoopDelay) also counts the
// time the thread waited for a core, which on a loaded machine is most of it; this is the server's
// own work: no request can be answered while its thread computes for longer than a turn.
import { appendFileSync } from 'node:fs';

const file = process.env.LOOP_CPU_FILE;
const reportMs = Number(process.env.LOOP_CPU_REPORT_MS ?? 5);
// Node before 23.9 has only the whole process's CPU (its helper threads too): an upper bound.
const threadCpu = () => (process.threadCpuUsage ?? process.cpuUsage)();
if (file) {
  let cpu = threadCpu();
  let wall = performance.now();
  setInterval(() => {
    const nowCpu = threadCpu();
    const nowWall = performance.now();
    const cpuMs = (nowCpu.user - cpu.user + nowCpu.system - cpu.system) / 1000;
    if (cpuMs > reportMs) appendFileSync(file, `${JSON.stringify({ at: Date.now(), cpuMs, wallMs: nowWall - wall })}\n`);
    cpu = nowCpu;
    wall = nowWall;
  }, 10).unref();
}
