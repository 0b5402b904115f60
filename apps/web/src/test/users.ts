import type { User } from '@poisha/contracts';

/**
 * The signed-in user of the component tests, as GET /me answers: Nadia, e-mail and phone proven,
 * the payment PIN set, 1,000 USD. A test changes what it is about (`testUser({ paymentPinSet: false })`).
 */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Nadia Islam',
    email: 'nadia@example.com',
    phone: '+8801712345678',
    country: 'BD',
    photoUrl: null,
    balance: { amount: 100_000, currency: 'USD' },
    emailVerified: true,
    welcomeBonusPending: false,
    phoneVerified: true,
    paymentPinSet: true,
    welcomeBonusRefused: false,
    ...overrides,
  };
}
