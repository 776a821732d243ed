/**
 * Admin screens in Chromium on the grown dataset (issue 18): how long each screen takes, from the navigation's start
 * until it shows its content, and how long a message of the inbox takes to open. Measured by the grown bench
 * (bench/grown.ts) on each engine, never in timed tests.
 *   - a screen: a full page load of its address (`page.goto`), with the session already in local storage and the
 *     build's assets in the browser's cache (a returning administrator); the time is the page's own clock
 *     (`performance.now()`, counted from its navigation's start) when the awaited element is visible: the first row or
 *     figure of the screen, which appears only once its data has arrived and rendered;
 *   - opening a message: from the click on a message of the list (the event's own time) until its text shows in the
 *     ticket, on a freshly loaded inbox each time (nothing already fetched for it), a different message each run.
 * Each figure is the median of RUNS runs after one unmeasured load of the screen.
 */
import { type Browser, chromium, type Locator, type Page } from "@playwright/test";
import { CHROMIUM } from "../e2e/chromium";
import type { Engine, RecordRow } from "./memory";

const RUNS = 3;
export const SCREEN_TARGET_MS = 1500;
export const OPEN_MESSAGE_TARGET_MS = 300;

type Screen = { name: string; path: string; content: (page: Page) => Locator[] };

const visible = (locator: Locator) => locator.filter({ visible: true }).first();

/** What each screen shows once its data is there: its first row or figure (the texts are docs/product.md's). */
const SCREENS: Screen[] = [
  {
    name: "dashboard",
    path: "/admin",
    // The four figures and the latest messages (each with its time).
    content: (page) => [visible(page.getByText("Visites totales", { exact: true })), visible(page.locator("main li:has(time)"))],
  },
  { name: "inbox", path: "/admin/contacts", content: (page) => [visible(page.locator("main ul > li > button:has(time)"))] },
  { name: "products", path: "/admin/products", content: (page) => [visible(page.getByTestId("product-row"))] },
  {
    name: "analytics",
    path: "/admin/analytics",
    // The chart's bars are drawn once recharts has measured its box and the statistics have arrived.
    content: (page) => [visible(page.locator("[data-testid=visits-chart] .recharts-bar-rectangle"))],
  },
  { name: "history", path: "/admin/history", content: (page) => [visible(page.getByTestId("history-row"))] },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function signedInPage(browser: Browser, baseUrl: string, admin: { email: string; password: string }): Promise<Page> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/admin/login");
  // As the sign-in screen stores them (app/lib/admin/session.ts).
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("user", JSON.stringify(user));
    },
    { token, user },
  );
  return page;
}

/** Milliseconds from the navigation's start to the moment every content locator is visible. */
async function loadScreen(page: Page, screen: Screen): Promise<number> {
  await page.goto(screen.path, { waitUntil: "commit" });
  await Promise.all(screen.content(page).map((locator) => locator.waitFor({ state: "visible", timeout: 60_000 })));
  return page.evaluate(() => performance.now());
}

/** Milliseconds from the click on the `index`-th message of a freshly loaded inbox to its text in the ticket. */
async function openMessage(page: Page, index: number): Promise<number> {
  await page.goto("/admin/contacts", { waitUntil: "commit" });
  const item = page.locator("main ul > li > button:has(time)").nth(index);
  await item.waitFor({ state: "visible", timeout: 60_000 });
  // The list shows the subject, then the message clamped to two lines; the message's whole text is the ticket's paragraph.
  const text = (await item.locator("span.line-clamp-2").last().textContent()) ?? "";
  await page.evaluate(() => {
    const w = window as unknown as { __clickAt?: number };
    w.__clickAt = undefined;
    document.addEventListener(
      "click",
      (event) => {
        w.__clickAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  await item.click();
  await page
    .locator('section[aria-labelledby="ticket-title"] p.whitespace-pre-wrap')
    .filter({ hasText: text.trim().slice(0, 60) })
    .first()
    .waitFor({ state: "visible", timeout: 60_000 });
  return page.evaluate(() => performance.now() - ((window as unknown as { __clickAt?: number }).__clickAt ?? Number.NaN));
}

export async function benchAdminScreens(
  record: RecordRow,
  engine: Engine["name"],
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.args });
  try {
    const page = await signedInPage(browser, baseUrl, admin);
    for (const screen of SCREENS) {
      await loadScreen(page, screen); // unmeasured: the screen's code into the browser's cache
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await loadScreen(page, screen));
      const ms = median(times);
      record(
        `${engine} grown, Chromium: ${screen.name} screen shows its content (${screen.path})`,
        `median ${ms.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(", ")})`,
        `<= ${SCREEN_TARGET_MS} ms`,
        ms <= SCREEN_TARGET_MS,
      );
    }
    await openMessage(page, 0);
    const times: number[] = [];
    for (let i = 1; i <= RUNS; i++) times.push(await openMessage(page, i));
    const ms = median(times);
    record(
      `${engine} grown, Chromium: opening a message of the inbox (click to its text)`,
      `median ${ms.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(", ")})`,
      `<= ${OPEN_MESSAGE_TARGET_MS} ms`,
      ms <= OPEN_MESSAGE_TARGET_MS,
    );
  } finally {
    await browser.close();
  }
}
