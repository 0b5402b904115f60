import { judgePassword, messages, type PasswordEstimator, type PasswordPerson, type PasswordStrength } from '@poisha/contracts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * The web side of the shared strength rule (contracts/password-strength.ts, issue 24, defect 4).
 * zxcvbn-ts and its dictionaries (megabytes) run in a worker that only the forms setting a password
 * start, so no other screen downloads them and typing never waits for them.
 */
let worker: Worker | null = null;
let nextId = 0;
/** Without workers, the estimator built once on this thread (its dictionaries take long to build). */
let fallbackEstimator: Promise<PasswordEstimator> | null = null;
const waiting = new Map<number, { resolve: (strength: PasswordStrength) => void; reject: (error: unknown) => void }>();

function startWorker(): Worker {
  const started = new Worker(new URL('./password-strength.worker.ts', import.meta.url), { type: 'module', name: 'password-strength' });
  started.onmessage = (event: MessageEvent<{ id: number; strength: PasswordStrength }>) => {
    waiting.get(event.data.id)?.resolve(event.data.strength);
    waiting.delete(event.data.id);
  };
  // Offline or blocked: every pending check fails, and the next one starts a new worker.
  started.onerror = (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    worker = null;
  };
  return started;
}

/** Starts loading the estimator, so it is ready by the time the password is typed. */
export function preparePasswordStrength(): void {
  if (typeof Worker !== 'undefined') worker ??= startWorker();
}

/** How strong the password is for this person. Rejects when the estimator cannot load. */
export async function checkPasswordStrength(password: string, person: PasswordPerson): Promise<PasswordStrength> {
  if (typeof Worker === 'undefined') {
    // No workers (unit tests in jsdom): the same rule on this thread.
    fallbackEstimator ??= import('@poisha/contracts/password-estimator').then(({ createPasswordEstimator }) => createPasswordEstimator());
    return judgePassword(await fallbackEstimator, password, person);
  }
  worker ??= startWorker();
  const id = (nextId += 1);
  const answer = new Promise<PasswordStrength>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, password, person });
  return answer;
}

/** How long a submit waits for the estimator (a slow network may still be downloading it). */
const SUBMIT_WAIT_MS = 3_000;

/**
 * A form schema that also refuses a guessable password, under `field`. When the estimator cannot
 * load, or not within SUBMIT_WAIT_MS, the form lets the password through: the server judges it
 * again either way.
 */
export function withStrongPassword<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  field: string,
  personOf: (form: z.output<Schema>) => PasswordPerson,
): Schema {
  return schema.superRefine(async (form, context) => {
    const password = form[field];
    if (typeof password !== 'string' || password.length < 8) return;
    try {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SUBMIT_WAIT_MS)));
      const strength = await Promise.race([checkPasswordStrength(password, personOf(form)), late]).finally(() => clearTimeout(timer));
      if (strength && !strength.strongEnough) context.addIssue({ code: 'custom', path: [field], message: messages.passwordTooWeak });
    } catch {
      // The server's check answers instead.
    }
  }) as unknown as Schema;
}

/** The strength of what is typed, judged a moment after typing pauses; null before anything is typed. */
export function usePasswordStrength(password: string, person: PasswordPerson): PasswordStrength | null {
  // The judgement with the password it is about: an older one is not shown for newer typing.
  const [judged, setJudged] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const { name, email, phone } = person;
  useEffect(() => preparePasswordStrength(), []);
  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      checkPasswordStrength(password, { name, email, phone }).then(
        (strength) => current && setJudged({ password, strength }),
        () => undefined,
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, name, email, phone]);
  return judged && judged.password === password ? judged.strength : null;
}
