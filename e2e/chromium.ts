import { existsSync } from "node:fs";

/** Debian's Chromium (browser downloads are not possible here) and the flags it needs on these machines. */
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser suite's Chromium: Debian's headless shell where it is installed (`.ci/run` installs it). It is the same
 * Blink, V8 and layout as the full browser without its window and browser UI, and costs a third less CPU per test
 * (measured on two spec files: 191 → 128 CPU-seconds), the budget the suite lives within on two cores. Benches and
 * Lighthouse keep the full browser a visitor uses, with its compilers.
 */
export const TEST_CHROMIUM = {
  ...CHROMIUM,
  executablePath: process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM.executablePath),
  // A test's page lives a few seconds: V8's optimising compilers (Maglev, TurboFan) spent CPU on code that never ran
  // long enough to pay it back. Without them the pages took 407 instead of 468 CPU-seconds over a run (decision 0133).
  args: [...CHROMIUM.args, "--js-flags=--no-opt --no-maglev"],
};
