import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const redoclyCli = path.join(repoRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: string[];
}

/**
 * Lints an OpenAPI document with Redocly CLI (a maintained linter no one here wrote) and the
 * repository's redocly.yaml (its recommended rules). Answers every problem it reports.
 */
export async function lintOpenApi(document: string): Promise<LintProblem[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-openapi-'));
  const file = path.join(dir, 'openapi.json');
  try {
    fs.writeFileSync(file, document);
    const run = await promisify(execFile)(process.execPath, [redoclyCli, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format', 'json'], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string; code?: number }) => {
      // Exit code 1 means problems were found: the report is still on stdout.
      if (error.stdout) return { stdout: error.stdout };
      throw error;
    });
    const report = JSON.parse(run.stdout) as { problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[] };
    return report.problems.map((problem) => ({ ruleId: problem.ruleId, severity: problem.severity, message: problem.message, location: problem.location.map((place) => place.pointer) }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
