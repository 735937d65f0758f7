export * from './auth.ts';
export * from './common.ts';
export * from './health.ts';
export * from './tenants.ts';
