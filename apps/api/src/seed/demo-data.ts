/**
 * The demo data (`npm run seed`, `SEED_DEMO_DATA` at start): made through the features' services,
 * composed by app.ts, as real use would make it.
 */
import type { Services } from '../app.js';
import { runIdempotent } from '../core/idempotency/idempotency.js';
import { findPaymentPin } from '../core/payment-pin/payment-pin.repository.js';
import { findUserByEmail, markPhonesProvenByEmail } from '../core/users/users.repository.js';
import type { Db } from '../db/database.js';

export const DEMO_USER = {
  name: 'Demo User',
  email: 'demo@poisha.app',
  password: 'demo-pass-123',
  phone: '+8801712345678',
};

/** The demo user's payment PIN (README): every payment asks for it (decision 0042). */
export const DEMO_PIN = '24680';

const DEMO_FRIENDS = [
  { name: 'Nusrat Jahan', phone: '+8801812345601', review: [5, 'Sending money to my sister in Sylhet takes a few seconds, and I can see every payment with its date.'] },
  { name: 'Tanvir Hasan', phone: '+8801912345602', review: [5, 'Topping up from my bank was one form. The balance changed right away.'] },
  { name: 'Farhana Akter', phone: '+8801512345603', review: [4, 'Clear statement and a CSV export for my shop accounts. I would like bill pay next.'] },
  { name: 'Rafiq Islam', phone: '+8801612345604', review: [5, 'I like that it signs me out when I leave my phone on the table.'] },
  { name: 'Sadia Rahman', phone: '+8801312345605', review: [4, 'Simple in Bangla and English. The confirm step before sending saved me once.'] },
  { name: 'Imran Chowdhury', phone: '+8801412345606', review: [5, 'Card top-up worked the first time, and the receipt had a transaction id.'] },
] as const;

export type DemoServices = Pick<Services, 'auth' | 'paymentPin' | 'deposits' | 'transfers' | 'bankAccounts' | 'reviews' | 'favourites' | 'moneyRequests'>;

/** The demo friends' addresses: their names, at poisha.app. */
const friendEmail = (name: string) => `${name.toLowerCase().replaceAll(' ', '.')}@poisha.app`;

/**
 * The demo account the README names, a few friends with reviews, and some history between them,
 * all made through the same services as real use. Runs once: if the demo user exists, it only
 * marks the demo numbers proven (a database seeded before decision 0041) and gives the demo user
 * the README's PIN if it has none (seeded before decision 0042).
 */

export async function seedDemoData(db: Db, services: DemoServices, now: number): Promise<void> {
  const context = { ip: null, userAgent: 'seed', nowMs: now };
  const existing = await findUserByEmail(db.kysely, DEMO_USER.email);
  if (existing) {
    // Seeded before numbers were proven (decision 0041): the server gave them, so they are proven.
    await markPhonesProvenByEmail(db.kysely, [DEMO_USER.email, ...DEMO_FRIENDS.map((friend) => friendEmail(friend.name))], now);
    if (!(await findPaymentPin(db.kysely, existing.id))) await services.paymentPin.set(existing, DEMO_PIN, context);
    return;
  }
  const demo = await services.auth.signup(DEMO_USER, context, { verified: true });
  const demoRow = await findUserByEmail(db.kysely, DEMO_USER.email);
  if (!demoRow) throw new Error('the demo user was not saved');
  await services.paymentPin.set(demoRow, DEMO_PIN, context);
  const friends: Array<{ user: { id: string } }> = [];
  for (const [index, friend] of DEMO_FRIENDS.entries()) {
    const email = friendEmail(friend.name);
    friends.push(await services.auth.signup({ name: friend.name, email, phone: friend.phone, password: `demo-friend-${index}-${crypto.randomUUID()}` }, context, { verified: true }));
  }
  // Through the same idempotent path as the API, under keys the demo data owns.
  const idempotently = <Body>(userId: string, reference: string, work: Parameters<typeof runIdempotent<Body>>[3]) =>
    runIdempotent(db.movementTransaction, { userId, key: `seed-${reference}`, fingerprint: `seed-${reference}`, nowMs: now }, 201, work);
  await idempotently(demo.user.id, 'deposit', (trx) =>
    services.deposits.depositFromBank(trx, { userId: demo.user.id, idempotencyKey: 'seed-deposit', nowMs: now }, {
      accountHolder: DEMO_USER.name,
      accountHolderNumber: '01712345678',
      bankId: 'brac-bank',
      bankAccountNumber: '102030405060',
      amountCents: 50_000,
      reference: '1001',
    }),
  );
  // The bank the demo deposit came from is linked to the account, as a real user's would be.
  await services.bankAccounts.link(demo.user.id, { bankId: 'brac-bank', accountNumber: '102030405060' }, now);
  const transfers: Array<[from: string, toPhone: string, amountCents: number, reference: string]> = [
    [demo.user.id, DEMO_FRIENDS[0].phone, 2_500, '2001'],
    [friends[1]!.user.id, DEMO_USER.phone, 1_200, '2002'],
    [demo.user.id, DEMO_FRIENDS[2].phone, 7_550, '2003'],
  ];
  for (const [from, to, amountCents, reference] of transfers) {
    await idempotently(from, reference, (trx) => services.transfers.send(trx, { senderId: from, to, amountCents, reference, nowMs: now }));
  }
  for (const [index, friend] of DEMO_FRIENDS.entries()) {
    await services.reviews.write(friends[index]!.user.id, { star: friend.review[0], text: friend.review[1] }, now - (DEMO_FRIENDS.length - index) * 3_600_000);
  }
  await seedDemoPeople(services, demo.user.id, friends.map((friend) => friend.user.id), now);
}

/**
 * The people the demo user deals with: two favourites, a request the demo user can pay or decline
 * and one it is waiting on, so the Favourites and Request Money screens show what they do.
 */
async function seedDemoPeople(services: DemoServices, demoId: string, friendIds: string[], now: number): Promise<void> {
  const [nusrat, , farhana, rafiq] = DEMO_FRIENDS;
  await services.favourites.add(demoId, { name: nusrat.name, phone: nusrat.phone, origin: 'Sylhet, family' }, now - 2 * 3_600_000);
  await services.favourites.add(demoId, { name: farhana.name, phone: farhana.phone, origin: 'Dhaka, shop' }, now - 3_600_000);
  await services.moneyRequests.create(friendIds[3]!, { from: DEMO_USER.phone, amountCents: 1_500, note: 'Lunch on Friday' }, now - 30 * 60_000);
  await services.moneyRequests.create(demoId, { from: rafiq.phone, amountCents: 4_000, note: 'Cricket tickets' }, now - 20 * 60_000);
}
