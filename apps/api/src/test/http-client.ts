import { cookieNames, CSRF_HEADER, type User } from '@poisha/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { latestCodeTo } from './sms.js';

let counter = 0;

/** A valid sign-up body that no other test in the file uses (each file has its own database). */
export function newUserInput(overrides: Partial<Record<'name' | 'email' | 'password' | 'phone', string>> = {}) {
  counter += 1;
  return {
    name: 'Rahim Uddin',
    email: `rahim.${counter}@example.com`,
    password: 'correct horse battery',
    phone: `+88017${String(counter).padStart(8, '0')}`,
    ...overrides,
  };
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

/**
 * A signed-in browser as the API sees it: the session cookie, and the CSRF token it echoes on
 * state-changing requests.
 */
export class Browser {
  constructor(
    readonly app: FastifyInstance,
    public session: string,
    public csrf: string,
  ) {}

  request(options: InjectOptions & { withCsrf?: boolean }): Promise<LightMyRequestResponse> {
    const { withCsrf = true, headers = {}, ...rest } = options;
    const names = cookieNames(this.app.sessionCookies.secure);
    return this.app.inject({
      ...rest,
      cookies: { [names.session]: this.session, [names.csrf]: this.csrf },
      headers: { ...headers, ...(withCsrf ? { [CSRF_HEADER]: this.csrf } : {}) },
    });
  }
}

export interface SignedUp {
  user: User;
  token: string;
  password: string;
  email: string;
  phone: string;
  browser: Browser;
}

/** The payment PIN `signUp` chooses for its users (decision 0042): every payment in a test carries it. */
export const TEST_PIN = '24680';

/**
 * Signs up and proves the phone number the way a person does: the code is read from the SMS the
 * sign-up sent (decision 0041), then chooses the payment PIN `TEST_PIN` (decision 0042).
 * `provePhone: false` leaves the number unproven, `setPin: false` the PIN unset.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Parameters<typeof newUserInput>[0] & { provePhone?: boolean; setPin?: boolean } = {},
): Promise<SignedUp> {
  const { provePhone: proven = true, setPin = true, ...fields } = overrides;
  const input = newUserInput(fields);
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  let body = response.json<{ user: User; token: string }>();
  if (proven) body = { ...body, user: await provePhone(app, body.token, body.user.phone) };
  if (setPin) body = { ...body, user: { ...body.user, paymentPinSet: await choosePin(app, body.token) } };
  const names = cookieNames(app.sessionCookies.secure);
  return {
    ...body,
    password: input.password,
    email: body.user.email,
    phone: body.user.phone,
    browser: new Browser(app, cookieValue(response, names.session)!, cookieValue(response, names.csrf)!),
  };
}

/** Enters the code of the newest SMS to `phone`; answers the user as they are then. */
export async function provePhone(app: FastifyInstance, token: string, phone: string): Promise<User> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/phone/verify', headers: bearer(token), payload: { code: latestCodeTo(app, phone) } });
  if (response.statusCode !== 200) throw new Error(`phone proof failed: ${response.statusCode} ${response.body}`);
  return response.json<{ user: User }>().user;
}

async function choosePin(app: FastifyInstance, token: string): Promise<true> {
  const response = await app.inject({ method: 'PUT', url: '/api/v1/payment-pin', headers: bearer(token), payload: { pin: TEST_PIN } });
  if (response.statusCode !== 200) throw new Error(`choosing the PIN failed: ${response.statusCode} ${response.body}`);
  return true;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Headers for a money-moving request: the signed-in user's token and an idempotency key. */
export function moneyHeaders(token: string, key: string = crypto.randomUUID()) {
  return { ...bearer(token), 'idempotency-key': key };
}

export async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
  return response.json<User>().balance.amount;
}
