import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots for a person to look at (`E2E_SCREENSHOTS=1`), in `.tmp/admin-screens` or `.tmp/site-screens`. Without
 * the setting none is taken: each costs the browser a render and a PNG encoding, and no test reads them.
 */
const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

const SCREENS_ROOT = path.join(import.meta.dirname, "..", ".tmp");

/** Two animation frames: the layout of a resized viewport has been drawn. */
async function drawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Keeps a screenshot of a page (whole, or its viewport) or of one element as `<folder>/<file>`, when asked. */
export async function keepScreenshot(
  target: Page | Locator,
  folder: "admin-screens" | "site-screens",
  file: string,
  { fullPage = true } = {},
): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  const dir = path.join(SCREENS_ROOT, folder);
  mkdirSync(dir, { recursive: true });
  if ("page" in target) {
    await drawn(target.page());
    await target.screenshot({ path: path.join(dir, file) });
  } else {
    await drawn(target);
    await target.screenshot({ path: path.join(dir, file), fullPage });
  }
}
