/**
 * Runs shell commands at the same time and fails when any fails: `npm test` checks lint and types
 * together, one per core, instead of one after the other. Each command's output is printed whole
 * when it ends, so two logs never interleave line by line.
 *
 *   node --import tsx scripts/parallel.ts "npm run lint" "npm run typecheck"
 */
import { spawn } from 'node:child_process';

interface Outcome {
  command: string;
  exitCode: number;
  seconds: number;
}

function run(command: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { FORCE_COLOR: '1', ...process.env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (exitCode: number) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`\n── ${command} (${seconds.toFixed(1)} s, exit ${exitCode})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ command, exitCode, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node --import tsx scripts/parallel.ts "<command>" ["<command>" …]');
  process.exit(2);
}
const outcomes = await Promise.all(commands.map(run));
const failed = outcomes.filter((outcome) => outcome.exitCode !== 0);
for (const outcome of failed) console.error(`failed: ${outcome.command} (exit ${outcome.exitCode})`);
process.exit(failed.length === 0 ? 0 : 1);
