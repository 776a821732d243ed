/**
 * Where services read the time: `Date.now` in production, a hand-moved clock in tests ("scheduling with an injected
 * clock"), so a scheduled start or publication is tested without waiting for it.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** The clock's instant as a timestamptz parameter. */
export const isoNow = (clock: Clock): string => new Date(clock()).toISOString();
