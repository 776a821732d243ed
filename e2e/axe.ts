import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/**
 * Axe run in the page itself. @axe-core/playwright's AxeBuilder injects axe into every frame on each call and finishes
 * each run in a fresh page: about 2 s of CPU a call, a third of the browser suite's time. Our pages have no frames, so
 * axe is injected once per document and run in place, with the same rules, reporting violations only: 0.5 s a call
 * (0.15 s to inject, 0.45–0.75 s to run, two thirds of it the colour contrast; decision 0133).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The rules every screen is held to (WCAG 2.1 A and AA, and axe's best practices). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] as const;

type AxeWindow = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/** Axe's violations on the page as it is now, one line each: "rule: help (selectors)". */
export async function axeViolations(page: Page, tags: readonly string[] = AXE_TAGS): Promise<string[]> {
  if (page.frames().length > 1) throw new Error("axeViolations runs in the main frame only: this page has frames");
  // Colours are checked once transitions have ended (a segment just chosen fades to its colours): the state a person
  // reads, not a frame of the fade. Infinite animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await runAxe(page, tags);
  if (violations.length === 0) return violations;
  // A violation seen in one frame may be a change caught half-way (a form's button enabled again as its request
  // ends, in the same task as the check): the page is read again two frames later and only what persists counts.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return runAxe(page, tags);
}

function runAxe(page: Page, tags: readonly string[]): Promise<string[]> {
  return page.evaluate(async (values) => {
    const axe = (window as AxeWindow).axe;
    if (!axe) throw new Error("axe was not injected");
    // Without selectors: axe builds a unique CSS selector for every element each rule passes, a quarter of a run's
    // CPU; a violation names its elements by their HTML instead.
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: [...values] },
      resultTypes: ["violations"],
      selectors: false,
    });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(", ")})`);
  }, tags);
}
