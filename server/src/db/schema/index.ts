export * from './activity-log.ts';
export * from './invitations.ts';
export * from './memberships.ts';
export * from './one-time-tokens.ts';
export * from './outbox.ts';
export * from './refresh-tokens.ts';
export * from './tenants.ts';
export * from './users.ts';
