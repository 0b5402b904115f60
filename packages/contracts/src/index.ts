export * from './errors.js';
export * from './fields.js';
export * from './money.js';
export * from './phone.js';
export * from './signup.js';
export * from './auth.js';
export * from './session.js';
export * from './banks.js';
