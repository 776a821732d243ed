import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { adminToken, expect, expectNoAxeViolations } from "./fixtures";
import { keepScreenshot } from "./screenshots";

type Session = { token: string; user: { _id: string; email: string } };
let cachedSession: Session | undefined;

/** The admin's token and user, as the sign-in page would store them. */
export async function adminSession(page: Page): Promise<Session> {
  if (cachedSession) return cachedSession;
  const token = await adminToken();
  const response = await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: Session["user"] };
  cachedSession = { token, user };
  return cachedSession;
}

/** Stores a session in local storage (keys authToken and user) and opens an admin screen. */
export async function openAdmin(page: Page, target = "/admin"): Promise<void> {
  const session = await adminSession(page);
  // A same-origin text file: local storage is reachable without booting the back office a first time.
  await page.goto("/robots.txt");
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("user", JSON.stringify(user));
  }, session);
  await page.goto(target);
  // Generous: the screen renders only once the page has hydrated, which a busy machine can delay.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/**
 * Replaces the whole text of a rich-text editor (ProseMirror). `fill` selects the old text through the DOM and types at
 * once; ProseMirror reads a DOM selection on the next `selectionchange` event, so on a loaded machine the text went in
 * before the old one ("Premier bloc, revuPremier bloc"). Its own select-all key updates its selection before typing.
 */
export async function replaceRichText(editor: Locator, text: string): Promise<void> {
  await editor.click();
  await editor.press("ControlOrMeta+a");
  await editor.page().keyboard.insertText(text);
  await expect(editor).toHaveText(text);
}

export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A real PNG drawn with sharp, ready for `setInputFiles`. */
export async function pngFile(name: string, { width = 640, height = 360, color = "#2B7A9B" } = {}) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Records every aria-valuenow a progress bar shows, so a test can check the upload went up to 100. */
export async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const push = (el: Element) => {
      const value = Number(el.getAttribute("aria-valuenow"));
      if (seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const nodes = record.type === "attributes" ? [record.target] : [...record.addedNodes];
        for (const node of nodes) {
          if (!(node instanceof Element)) continue;
          if (node.getAttribute("role") === "progressbar") push(node);
          for (const bar of node.querySelectorAll('[role="progressbar"]')) push(bar);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
}

export async function recordedProgress(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}

/** The page must not scroll sideways at phone width; with E2E_SCREENSHOTS=1 the screenshots are kept for a person to look at. */
export async function checkPhoneLayout(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  // Polled: the headless shell may draw a frame or two at the old width before the page is laid out at the new one.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: "horizontal overflow at 375 px" })
    .toBeLessThanOrEqual(0);
  await keepScreenshot(page, "admin-screens", `${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, "admin-screens", `${name}-1280.png`);
}

/**
 * Axe at 1280 and at 375 px on a paged list's first page, its "load more" control shown. The rows loaded after it
 * repeat the same row, so they are not checked again: axe on a hundred rows at two widths was a fifth of the browser
 * suite's page CPU (decision 0142). Ends at 1280 px.
 */
export async function expectPagedListAccessible(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}
