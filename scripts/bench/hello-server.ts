/**
 * The ceiling of `npm run bench`: a hello-world Fastify route on the same machine, under the same
 * load as the API. `node --import tsx scripts/bench/hello-server.ts <port>`
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
