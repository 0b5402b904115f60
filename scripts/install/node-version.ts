/**
 * Whether a Node.js version meets package.json's `engines.node`, which the project writes as a lower
 * bound, `>=MAJOR.MINOR` (decision 0040). Anything else is refused rather than guessed at.
 */
export function nodeMeetsEngines(version: string, engines: string): boolean {
  const wanted = /^>=(\d+)\.(\d+)(?:\.(\d+))?$/.exec(engines.trim());
  if (!wanted) throw new Error(`package.json engines.node is "${engines}"; this check reads only ">=MAJOR.MINOR"`);
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!have) throw new Error(`"${version}" is not a Node.js version`);
  for (let part = 1; part <= 3; part++) {
    const difference = Number(have[part]) - Number(wanted[part] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** What a machine without a suitable Node needs to do, in one paragraph. */
export function missingNodeMessage(version: string, execPath: string, engines: string): string {
  return [
    `Poisha runs on Node.js ${engines} (package.json "engines"); this is Node.js ${version} (${execPath}).`,
    'npm installs Node.js 24 into node_modules on Linux, x64 and arm64 (decision 0040); elsewhere, install',
    'Node.js 24 yourself (the version in .nvmrc: `nvm install`), then run `npm install` again.',
  ].join('\n');
}
