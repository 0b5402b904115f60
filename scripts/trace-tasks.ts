/**
 * The long tasks of a page load, from a Chromium performance trace (CDP Tracing, or Lighthouse's
 * own): for each main-thread task that is long on Lighthouse's phone (over 50 ms once slowed down 4x),
 * its time after the first contentful paint, its CPU time, what it did (script evaluation, a timer,
 * layout...), and, when the trace has V8's samples (category disabled-by-default-v8.cpu_profiler),
 * the functions it ran, named by their source file and line when the build has source maps
 * (`vite build --sourcemap`). Used by scripts/profile-dashboard.ts and scripts/lighthouse.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol } from 'puppeteer-core';
import { type RawSourceMap, SourceMapConsumer } from 'source-map-js';
import { repoRoot } from './demo-server.js';

type Node = Protocol.Profiler.ProfileNode;

const top = (map: Map<string, number>, count: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (no time the thread waited for a core or was throttled). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: { url?: string; functionName?: string; startTime?: number; cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } };
}

/**
 * The JavaScript samples of the page's main thread, each with its trace time and the function it was
 * in (script:line:column, or its original source when the build has source maps: `vite build
 * --sourcemap`), from the trace's V8 CPU profile (category disabled-by-default-v8.cpu_profiler).
 */
function samplesOf(events: TraceEvent[], pid: number, tid: number, base: string): { ts: number; what: string }[] {
  const profileEvent = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid);
  if (!profileEvent?.args?.data?.startTime) return [];
  const chunks = events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profileEvent.id).sort((a, b) => a.ts - b.ts);
  const nodes = new Map<number, Node>();
  const samples: { ts: number; node: number }[] = [];
  let ts = profileEvent.args.data.startTime;
  for (const chunk of chunks) {
    for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = chunk.args?.data?.cpuProfile?.samples ?? [];
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  const where = new Map<number, string>();
  for (const [id, node] of nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    where.set(id, url ? originalPosition(url.replace(base, ''), lineNumber, columnNumber, functionName) : `(${functionName || 'native'})`);
  }
  return samples.map(({ ts: at, node }) => ({ ts: at, what: where.get(node) ?? '?' }));
}

const sourceMaps = new Map<string, SourceMapConsumer | null>();
/** A built script's position in its source (file and line, from the build's source map), else in the script. */
function originalPosition(file: string, line: number, column: number, functionName: string): string {
  const mapPath = path.join(repoRoot, 'apps', 'web', 'dist', `${file}.map`);
  if (!sourceMaps.has(file)) sourceMaps.set(file, fs.existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapPath, 'utf8')) as RawSourceMap) : null);
  const original = sourceMaps.get(file)?.originalPositionFor({ line: line + 1, column });
  if (!original?.source) return `${functionName || '(anonymous)'} ${file}:${line + 1}:${column + 1}`;
  return `${original.name ?? functionName} ${original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${original.line}`;
}

/** Each main-thread task over 50 ms, with the time of its direct children by kind (and script). */
export function printLongTaskBreakdown(events: TraceEvent[], { base, cpuSlowdown, print }: { base: string; cpuSlowdown: number; print: (line: string) => void }): void {
  // The page's renderer main thread: the one that loaded the dashboard (Chromium's own pages, such as
  // its omnibox, have renderer main threads too, sometimes busier).
  const loadedPage = (thread: TraceEvent) => events.some((event) => event.pid === thread.pid && event.tid === thread.tid && event.args?.data?.url?.startsWith(base));
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && loadedPage(event));
  if (!main) return;
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const samples = samplesOf(events, main.pid, main.tid, base);
  // Long on Lighthouse's phone: over 50 ms once slowed down to 4x in all (the throttling asked for included).
  const tasks = onMain.filter((event) => (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && (event.dur! * 4) / cpuSlowdown > 50_000);
  const totals = new Map<string, number>();
  const paintAt = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid)?.ts;
  for (const task of tasks) {
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!);
    // Direct children: not inside another event of the task.
    const direct = inside.filter((event) => !inside.some((other) => other !== event && other.ts <= event.ts && other.ts + other.dur! >= event.ts + event.dur! && other.dur! > event.dur!));
    const parts = new Map<string, number>();
    for (const event of direct) {
      const what = `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.replace(base, '')}` : ''}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ''}`;
      parts.set(what, (parts.get(what) ?? 0) + event.dur! / 1000);
      totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur! / 1000);
    }
    const sincePaint = paintAt === undefined ? '' : ` (${((task.ts - paintAt) / 1000).toFixed(0)} ms after the first contentful paint)`;
    print(`  task ${(task.dur! / 1000).toFixed(0)} ms, CPU ${((task.tdur ?? task.dur!) / 1000).toFixed(0)} ms${sincePaint}: ${top(parts, 6).map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join('; ')}`);
    // Its JavaScript, by the function the samples were in (self time).
    const functions = new Map<string, number>();
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= task.ts + task.dur!);
    inTask.forEach((sample, i) => {
      const next = inTask[i + 1]?.ts ?? task.ts + task.dur!;
      functions.set(sample.what, (functions.get(sample.what) ?? 0) + (next - sample.ts) / 1000);
    });
    if (functions.size > 0) print(`    JavaScript: ${top(functions, 8).map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join('; ')}`);
  }
  print(`  in all long tasks: ${top(totals, 10).map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join('; ')}`);
  // On a shared machine a task's wall time includes the time its thread waited for a core. Its CPU
  // time does not: times 4, as Lighthouse's simulation slows a task down, it gives blocking time
  // that other work on the machine does not move (run with --cpu-slowdown 1 for this).
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid);
  const blocking = (list: TraceEvent[]) => list.reduce((sum, task) => sum + Math.max(0, ((task.tdur ?? task.dur!) * 4) / 1000 - 50), 0);
  const allTasks = onMain.filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
  const afterPaint = paint ? allTasks.filter((task) => task.ts >= paint.ts) : [];
  const over = (list: TraceEvent[]) => list.filter((task) => ((task.tdur ?? task.dur!) * 4) / 1000 > 50).length;
  const cpu = allTasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
  const wall = allTasks.reduce((sum, task) => sum + task.dur!, 0) / 1000;
  print(`  main thread tasks: ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU`);
  print(`  CPU time x4: blocking ${blocking(allTasks).toFixed(0)} ms in ${over(allTasks)} tasks over 50 ms; after the first contentful paint (${paint ? ((paint.ts - allTasks[0]!.ts) / 1000).toFixed(0) : '?'} ms) ${blocking(afterPaint).toFixed(0)} ms in ${over(afterPaint)}`);
}
