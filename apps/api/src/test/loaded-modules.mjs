// Loaded with `node --import`: records the URL of every module the process resolves and writes
// them, one per line, to $LOADED_MODULES_FILE when the process exits (a test of what the server
// loads only on first use). The hooks run on Node's loader thread and report over a port.
import fs from 'node:fs';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const loaded = new Set();
port1.on('message', (url) => loaded.add(url));
port1.unref();
register('./loaded-modules-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
process.on('exit', () => fs.writeFileSync(process.env.LOADED_MODULES_FILE, [...loaded].join('\n')));
