/** Where the app reads the time, so tests can move it instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A day in milliseconds: the unit of trials, link lifetimes, retention and the daily jobs. */
export const DAY_MS = 86_400_000;

/** The moment `days` days before `date`. */
export const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * DAY_MS);
