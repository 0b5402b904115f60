/**
 * Where the signed-in dashboard's first load spends the main thread, on a phone-like CPU: starts
 * the server on the built web app with a fresh demo database, signs the demo user in, opens
 * /dashboard in Chromium with the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate), records
 * a CPU profile (CDP Profiler) and the long tasks (PerformanceObserver), and prints the functions
 * and the scripts with the most self time, and every long task. Not part of npm test.
 *
 *   npm run build && npx node --import tsx scripts/profile-dashboard.ts [--port 3393] [--runs 1] [--out profile.cpuprofile]
 *     [--trace] [--cpu-slowdown 4]
 * With --trace --cpu-slowdown 1 it also prints the blocking time computed from each task's CPU time
 * times 4 (as Lighthouse simulates a phone), which the machine's other work does not move.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import puppeteer, { type Protocol } from 'puppeteer-core';
import { demoSessionCookies, startDemoServer } from './demo-server.js';
import { printLongTaskBreakdown, type TraceEvent } from './trace-tasks.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3393' }, runs: { type: 'string', default: '1' }, out: { type: 'string' }, trace: { type: 'boolean', default: false }, 'cpu-slowdown': { type: 'string', default: '4' } } });
const CPU_SLOWDOWN = Number(values['cpu-slowdown']);

const server = startDemoServer(values.port, 'profile');
const { base } = server;

type Node = Protocol.Profiler.ProfileNode;

/** What the script reports, on standard output. */
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Self time (ms) by function (name, script, line) and by script, from the profile's samples. */
function selfTimes(profile: Protocol.Profiler.Profile): { byFunction: Map<string, number>; byScript: Map<string, number> } {
  const nodes = new Map<number, Node>(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const node = nodes.get(samples[i]!);
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const script = url ? url.replace(base, '') : '(native)';
    const key = `${functionName || '(anonymous)'}  ${script}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  return { byFunction, byScript };
}

const top = (map: Map<string, number>, count: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);

try {
  await server.ready();
  const cookies = await demoSessionCookies(base);
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    await browser.setCookie(...cookies);
    for (let run = 1; run <= Number(values.runs); run += 1) {
      const context = browser.defaultBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const cdp = await page.createCDPSession();
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.evaluateOnNewDocument(() => {
        const tasks: { start: number; duration: number }[] = [];
        (globalThis as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
        }).observe({ type: 'longtask' as 'mark', buffered: true });
      });
      if (values.trace) {
        // A performance trace instead of a CPU profile: what each long task of the main thread did.
        await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'disabled-by-default-v8.cpu_profiler'] });
        await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle0' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop())) as { traceEvents: TraceEvent[] };
        printLongTaskBreakdown(trace.traceEvents, { base, cpuSlowdown: CPU_SLOWDOWN, print });
        await page.close();
        continue;
      }
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle0' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { profile } = await cdp.send('Profiler.stop');
      const longTasks = await page.evaluate(() => (globalThis as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
      const lcp = await page.evaluate(
        () => new Promise<number>((resolve) => new PerformanceObserver((list) => resolve(Math.round(list.getEntries().at(-1)?.startTime ?? 0))).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true })),
      );
      if (values.out) fs.writeFileSync(values.out.replace(/(\.cpuprofile)?$/, `-${run}.cpuprofile`), JSON.stringify(profile));
      const { byFunction, byScript } = selfTimes(profile);
      const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      print(`\nrun ${run} (CPU ${CPU_SLOWDOWN}x slower): LCP ${lcp} ms; long tasks ${longTasks.length}, ${blocking} ms over 50 ms in all`);
      for (const task of longTasks) print(`  long task at ${task.start} ms: ${task.duration} ms`);
      print('  self time by script (ms):');
      for (const [script, ms] of top(byScript, 12)) print(`    ${ms.toFixed(0).padStart(6)}  ${script}`);
      print('  self time by function (ms):');
      for (const [fn, ms] of top(byFunction, 25)) print(`    ${ms.toFixed(0).padStart(6)}  ${fn}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  server.stop();
}
