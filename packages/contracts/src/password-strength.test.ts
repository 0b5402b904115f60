import { describe, expect, it } from 'vitest';
import { createPasswordEstimator } from './password-estimator.js';
import { judgePassword, MIN_PASSWORD_SCORE, passwordUserInputs } from './password-strength.js';

/** Issue 24, defect 4: weak passwords passed the length and common-list rules. */
const estimator = createPasswordEstimator();
const person = { name: 'Rahim Uddin', email: 'rahim.uddin@example.com', phone: '+8801712345678' };

describe('the new-password strength rule (zxcvbn-ts, score 3 or more)', () => {
  it.each([
    ['aaaaaaaa'],
    ['abcdefgh'],
    ['eight spaces', ' '.repeat(8)],
    ['eight no-break spaces', '\u00a0'.repeat(8)],
    ['Passw0rd!'],
    ['poishapoisha'],
  ])('refuses %s', (label, password = label) => {
    const strength = judgePassword(estimator, password, person);
    expect(strength.score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(strength.strongEnough).toBe(false);
  });

  it('refuses the most common passwords, whatever their case (issue 10, defect 8, now by the estimator)', () => {
    for (const password of ['12345678', 'password', 'Password1', 'qwertyuiop', 'iloveyou', 'QwertyUIOP']) {
      expect(judgePassword(estimator, password, person).strongEnough, password).toBe(false);
    }
  });

  it('accepts a strong password, and gives feedback keys for a weak one', () => {
    expect(judgePassword(estimator, 'quiet-orange-lantern-42', person)).toMatchObject({ strongEnough: true });
    expect(judgePassword(estimator, 'Passw0rd!', person).warning).toEqual(expect.any(String));
  });

  it("counts the person's own name, e-mail and phone as guessable", () => {
    const ownDetails = 'rahim01712345678';
    expect(judgePassword(estimator, ownDetails, {}).strongEnough).toBe(true);
    expect(judgePassword(estimator, ownDetails, person).strongEnough).toBe(false);
    expect(passwordUserInputs(person)).toEqual(expect.arrayContaining(['poisha', 'rahim', 'uddin', 'rahim.uddin@example.com', '8801712345678', '01712345678']));
  });

  it('judges a crafted 128-character password in bounded time (the server does it on its event loop; it took 5.6 s)', () => {
    const crafted = Array.from({ length: 128 }, (_, index) => 'p@ssw0rd1qaz'[index % 12]).join('');
    const started = performance.now();
    judgePassword(estimator, crafted, person);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
