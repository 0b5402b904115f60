import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const decisionsDir = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

/** A record named by its number: `0019`, or a link to its file, `[0019](0019-wal-sync-off-the-event-loop.md)`. */
const REFERENCE = String.raw`(?:\d{4}|\[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))`;
const REFERENCES = String.raw`${REFERENCE}(?:(?:, | and )${REFERENCE})*`;

/**
 * The forms a Status line may take (it may wrap onto the next lines, up to a blank line):
 *   Status: accepted
 *   Status: accepted (amends 0011)
 *   Status: amended by 0030[, 0031]: what changed
 *   Status: superseded by 0019: why
 * A note after the colon says what the later record changed; it is free text.
 */
const STATUS_FORMS = new RegExp(
  String.raw`^Status: (?:accepted(?: \(amends (?<amends>${REFERENCES})\))?|amended by (?<amendedBy>${REFERENCES})(?:: .+)?|superseded by (?<supersededBy>${REFERENCE})(?:: .+)?)$`,
);

interface DecisionRecord {
  file: string;
  number: string;
  lines: string[];
}

interface ParsedStatus {
  amends: string[];
  amendedBy: string[];
  supersededBy: string[];
  /** Links in the Status line as [number, file]. */
  links: Array<[string, string]>;
}

/** The Status paragraph (from its line to the next blank one) as one line. */
function statusOf(lines: readonly string[]): string | null {
  const start = 2;
  if (!lines[start]?.startsWith('Status: ')) return null;
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return lines
    .slice(start, end === -1 ? undefined : end)
    .map((line) => line.trim())
    .join(' ');
}

/** The records a Status line names, by relation; null when the line has none of the allowed forms. */
function parseStatus(status: string): ParsedStatus | null {
  const match = STATUS_FORMS.exec(status);
  if (!match) return null;
  const numbers = (text: string | undefined) => (text ? [...text.matchAll(/(?<!\()\b(\d{4})\b(?!-)/g)].map((found) => found[1]!) : []);
  return {
    amends: numbers(match.groups!.amends),
    amendedBy: numbers(match.groups!.amendedBy),
    supersededBy: numbers(match.groups!.supersededBy),
    links: [...status.matchAll(/\[(\d{4})\]\(([^)]+)\)/g)].map((link) => [link[1]!, link[2]!]),
  };
}

function readRecords(): DecisionRecord[] {
  return fs
    .readdirSync(decisionsDir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => ({ file, number: file.slice(0, 4), lines: fs.readFileSync(path.join(decisionsDir, file), 'utf8').split('\n') }));
}

describe('the Status line grammar', () => {
  it('takes the allowed forms and names the records they point to', () => {
    expect(parseStatus('Status: accepted')).toMatchObject({ amends: [], amendedBy: [], supersededBy: [] });
    expect(parseStatus('Status: accepted (amends [0011](0011-login-lockout.md))')).toMatchObject({ amends: ['0011'], links: [['0011', '0011-login-lockout.md']] });
    expect(parseStatus('Status: amended by [0016](0016-a.md), [0023](0023-b.md): what changed')).toMatchObject({ amendedBy: ['0016', '0023'] });
    expect(parseStatus('Status: superseded by 0019')).toMatchObject({ supersededBy: ['0019'] });
    expect(parseStatus('Status: superseded by [0019](0019-wal-sync.md): why')).toMatchObject({ supersededBy: ['0019'] });
  });

  it('refuses anything else', () => {
    for (const status of ['Status: Accepted', 'Status: proposed', 'Status: superseded', 'Status: superseded by 19', 'Status: amended by', 'Status: accepted, amended by 0030', 'Status:accepted']) {
      expect(parseStatus(status), status).toBeNull();
    }
  });

  it('reads a Status line that wraps, only right under the title', () => {
    expect(statusOf(['# 0001 Title', '', 'Status: amended by 0002: a note', 'that wraps.', '', '**Context.**'])).toBe('Status: amended by 0002: a note that wraps.');
    expect(statusOf(['# 0001 Title', '', '**Context.**', 'Status: accepted'])).toBeNull();
  });
});

describe('every decision record (docs/decisions)', () => {
  const records = readRecords();
  const byNumber = new Map(records.map((record) => [record.number, record]));
  const statuses = new Map(records.map((record) => [record.number, parseStatus(statusOf(record.lines) ?? '')]));

  it('is named NNNN-words.md, one file per number, and its title starts with its number', () => {
    expect(records.length).toBeGreaterThan(30);
    for (const { file, number, lines } of records) {
      expect(file, file).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
      expect(lines[0], file).toMatch(new RegExp(`^# ${number} \\S`));
      expect(lines[1], file).toBe('');
    }
    expect(byNumber.size).toBe(records.length);
  });

  it('has a Status line of an allowed form right under its title', () => {
    const without = records.filter(({ lines }) => statusOf(lines) === null).map(({ file }) => file);
    expect(without, 'records without a Status line on their third line').toEqual([]);
    const malformed = records.filter(({ number }) => statuses.get(number) === null).map(({ file, lines }) => `${file}: ${statusOf(lines)}`);
    expect(malformed, 'Status lines of no allowed form').toEqual([]);
  });

  it('names only records that exist: a later one for "superseded by" and "amended by", an earlier one for "amends"', () => {
    const problems: string[] = [];
    for (const { file, number } of records) {
      const status = statuses.get(number);
      if (!status) continue;
      const check = (referenced: string[], relation: string, later: boolean) => {
        for (const other of referenced) {
          if (!byNumber.has(other)) problems.push(`${file}: ${relation} ${other}, which does not exist`);
          else if (later ? other <= number : other >= number) problems.push(`${file}: ${relation} ${other}, which is not ${later ? 'later' : 'earlier'}`);
        }
      };
      check(status.supersededBy, 'superseded by', true);
      check(status.amendedBy, 'amended by', true);
      check(status.amends, 'amends', false);
      for (const [linkedNumber, target] of status.links) {
        if (byNumber.get(linkedNumber)?.file !== target) problems.push(`${file}: the link to ${linkedNumber} points to ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('that amends another is named by that one as "amended by"', () => {
    const problems = records.flatMap(({ file, number }) =>
      (statuses.get(number)?.amends ?? []).filter((other) => !statuses.get(other)?.amendedBy.includes(number)).map((other) => `${file} amends ${other}, whose Status does not say so`),
    );
    expect(problems).toEqual([]);
  });
});
