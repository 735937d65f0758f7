export * from './one-time-tokens.ts';
export * from './outbox.ts';
export * from './refresh-tokens.ts';
export * from './users.ts';
