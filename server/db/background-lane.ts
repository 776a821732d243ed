import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/**
 * The embedded database has one connection (a transaction keeps it), so a background job's batches (a rollup catch-up
 * step, a batch of expired visits deleted, the statistics' warm-up) used to take turns with the requests in arrival
 * order: a report of a dozen queries issued in five rounds waited behind a batch at each round (decision 0139).
 * Work started by a bulk background job runs in the background lane (`inBackground`, set by lib/background-jobs.ts
 * and inherited by every promise and timer it creates); each of its checkouts of the connection waits until no
 * request's query has been waiting or running for `graceMs` (long enough to span the pauses between the requests of
 * one screen, so that no batch starts in the middle of it), and never longer than `maxWaitMs`: under a stream of
 * requests that never pauses, a background job still advances, one checkout per `maxWaitMs` at worst.
 */
const lane = new AsyncLocalStorage<"background">();

/** Runs `task`, and everything it starts, in the background lane. */
export function inBackground<T>(task: () => T): T {
  return lane.run("background", task);
}

/** Whether the caller runs in the background lane. */
export function inBackgroundLane(): boolean {
  return lane.getStore() === "background";
}

export type ForegroundFirstTiming = { graceMs: number; maxWaitMs: number };
export const FOREGROUND_FIRST: ForegroundFirstTiming = { graceMs: 200, maxWaitMs: 250 };

type Done = (release?: unknown) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;

/** Calls `ended` once, when this checkout of `client` is released (the pool gives each checkout its own `release`). */
function onRelease(client: pg.PoolClient, ended: () => void): pg.PoolClient {
  const release = client.release;
  client.release = (error?: Error | boolean) => {
    ended();
    return release.call(client, error);
  };
  return client;
}

/**
 * A pool whose checkouts from the background lane let the requests' checkouts go first (see above). The background
 * checkouts take turns, one at a time: a job's parallel reads (the statistics' warm-up) never enter together once
 * their wait is over, and the longest wait is counted from the previous background checkout's release.
 */
export class ForegroundFirstPool extends pg.Pool {
  /** Checkouts of the requests, waiting for the connection or holding it. */
  private foreground = 0;
  /** When the last of them ended (ms, performance.now()). */
  private foregroundEndedAt = Number.NEGATIVE_INFINITY;
  private readonly wakers = new Set<() => void>();
  /** Settles when the background checkout before the next one is released (or failed). */
  private backgroundTurn: Promise<unknown> = Promise.resolve();
  private readonly timing: ForegroundFirstTiming;

  constructor(config: pg.PoolConfig, timing: ForegroundFirstTiming = FOREGROUND_FIRST) {
    super(config);
    this.timing = timing;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const checkout = inBackgroundLane() ? this.backgroundCheckout() : this.foregroundCheckout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  private backgroundCheckout(): Promise<pg.PoolClient> {
    let released: () => void = () => {};
    const checkout = this.backgroundTurn
      .then(() => this.foregroundQuiet())
      .then(() => super.connect())
      .then((client) => onRelease(client, released));
    this.backgroundTurn = new Promise<void>((resolve) => {
      released = resolve;
      checkout.catch(() => resolve());
    });
    return checkout;
  }

  private foregroundCheckout(): Promise<pg.PoolClient> {
    this.foreground += 1;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.foreground -= 1;
      this.foregroundEndedAt = performance.now();
      for (const wake of this.wakers) wake();
    };
    return super.connect().then(
      (client) => onRelease(client, end),
      (error: unknown) => {
        end();
        throw error;
      },
    );
  }

  /** Resolves once no request has used the connection for `graceMs`, or after `maxWaitMs` whatever happens. */
  private foregroundQuiet(): Promise<void> {
    const { graceMs, maxWaitMs } = this.timing;
    const quietIn = () => (this.foreground > 0 ? graceMs : this.foregroundEndedAt + graceMs - performance.now());
    if (quietIn() <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = setTimeout(() => finish(), maxWaitMs);
      const finish = () => {
        clearTimeout(giveUp);
        clearTimeout(timer);
        this.wakers.delete(check);
        resolve();
      };
      const check = () => {
        clearTimeout(timer);
        if (this.foreground > 0) return;
        const wait = quietIn();
        if (wait <= 0) finish();
        else timer = setTimeout(check, wait);
      };
      this.wakers.add(check);
      check();
    });
  }
}
