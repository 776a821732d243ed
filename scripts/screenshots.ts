/**
 * Screenshots of pages at phone and desktop widths, for looking at what we built:
 *   node --import tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /contact /category/les-algues
 * English variants are taken with ?lang=en.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "../e2e/chromium";

const [base = "http://localhost:3000", outDir = "/tmp/shots", ...pages] = process.argv.slice(2);
const WIDTHS = [375, 1280];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(CHROMIUM);
for (const width of WIDTHS) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const pagePath of pages.length ? pages : ["/"]) {
    for (const lang of ["fr", "en"]) {
      const url = `${base}${pagePath}${lang === "en" ? `${pagePath.includes("?") ? "&" : "?"}lang=en` : ""}`;
      await page.goto(url, { waitUntil: "networkidle" });
      // Scroll through the page so lazy images load before the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${lang}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
  }
  await context.close();
}
await browser.close();
