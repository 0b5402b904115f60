/// <reference lib="webworker" />
/**
 * Judges new passwords off the main thread: building zxcvbn-ts's dictionaries takes hundreds of
 * milliseconds on a phone, and each check tens. Loaded only by the forms that set a password.
 */
import { judgePassword, type PasswordPerson } from '@poisha/contracts';
import { createPasswordEstimator } from '@poisha/contracts/password-estimator';

declare let self: DedicatedWorkerGlobalScope;

const estimator = createPasswordEstimator();

self.onmessage = (event: MessageEvent<{ id: number; password: string; person: PasswordPerson }>) => {
  const { id, password, person } = event.data;
  self.postMessage({ id, strength: judgePassword(estimator, password, person) });
};
