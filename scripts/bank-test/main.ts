/**
 * The bank test from the command line (docs/bank-test.md):
 *
 *   npm run test:bank                                    (SQLite, the defaults below)
 *   npm run test:bank -- --db postgres --instances 2 --transfers 10000 --kills 5
 *   npm run test:bank -- --db postgres --fault cut --kills 20
 *
 * Exits 1 when a check found an anomaly or fewer kills happened than asked for.
 */
import { parseArgs } from 'node:util';
import { postgresServerUrl } from '../../apps/api/src/test/server-process.js';
import { formatReport, runBankTest } from './bank-test.js';
import { FAULTS, faultFits } from './faults.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    instances: { type: 'string', default: '1' },
    wallets: { type: 'string', default: '10' },
    clients: { type: 'string', default: '10' },
    kills: { type: 'string', default: '5' },
    fault: { type: 'string', default: 'kill' },
    transfers: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '600' },
    ports: { type: 'string' },
    seed: { type: 'string' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const usage = `npm run test:bank -- [options]
  --db sqlite|postgres   database (postgres: a fresh poisha_bank_<random> on $DATABASE_URL's server,
                         default postgres://postgres@127.0.0.1:5432/test; dropped afterwards)
  --instances N          API instances on the one database, killed in turn (N > 1 needs postgres)   [1]
  --wallets N            wallets signed up, each with the welcome bonus                               [10]
  --clients N            concurrent HTTP clients                                                      [10]
  --kills N              faults at random moments (SIGKILLs of a server by default)                  [5]
  --fault F              kill: SIGKILL a server and start it again; cut: end the API's PostgreSQL
                         connections; restart: restart the local PostgreSQL cluster (every database
                         on it: never while other tests run); disk-full: SQLite on a 1 GiB tmpfs
                         (root) filled for up to half a second                                        [kill]
  --transfers N          transfers to send                                                            [2000]
  --seconds N            stop sending after this long, whatever the count                             [600]
  --ports A,B            ports of the instances                                                       [free ones]
  --seed N               seed of the random choices, to repeat a run
  --keep                 keep the logs, the SQLite file and the PostgreSQL database`;

function positive(name: string, text: string | undefined, allowZero = false): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < (allowZero ? 0 : 1)) {
    console.error(`--${name} must be a whole number${allowZero ? '' : ' above 0'}, got ${text}\n\n${usage}`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  if (values.help) {
    console.warn(usage);
    return;
  }
  if (values.db !== 'sqlite' && values.db !== 'postgres') {
    console.error(`--db must be sqlite or postgres, got ${values.db}\n\n${usage}`);
    process.exit(2);
  }
  const fault = FAULTS.find((known) => known === values.fault);
  if (!fault || !faultFits(fault, values.db)) {
    console.error(`--fault must be one of ${FAULTS.join(', ')} and fit --db (cut and restart: postgres; disk-full: sqlite), got ${values.fault}\n\n${usage}`);
    process.exit(2);
  }
  const report = await runBankTest({
    db: values.db,
    fault,
    instances: positive('instances', values.instances),
    wallets: Math.max(2, positive('wallets', values.wallets)),
    clients: positive('clients', values.clients),
    kills: positive('kills', values.kills, true),
    transfers: positive('transfers', values.transfers),
    maxSeconds: positive('seconds', values.seconds),
    postgresUrl: postgresServerUrl(),
    ...(values.ports ? { ports: values.ports.split(',').map((port) => positive('ports', port)) } : {}),
    ...(values.seed ? { seed: positive('seed', values.seed, true) } : {}),
    keep: values.keep,
    log: (line) => console.warn(line),
  });
  process.stdout.write(`${formatReport(report)}\n`);
  if (report.anomalies > 0 || report.kills < report.killsPlanned) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
