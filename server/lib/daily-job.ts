const DAY_MS = 24 * 60 * 60_000;

/**
 * A housekeeping task run at `start()` and then once a day; a failure is logged and the next day's run tries again.
 * The timer does not keep the process alive.
 */
export function dailyJob(name: string, task: () => Promise<unknown>, log: { error(obj: object, msg: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  const run = () => task().catch((error: unknown) => log.error({ err: error }, `${name} failed`));
  return {
    start(): void {
      if (timer) return;
      void run();
      timer = setInterval(run, DAY_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
