export * from './errors.js';
export * from './fields.js';
export * from './money.js';
export * from './auth.js';
export * from './banks.js';
