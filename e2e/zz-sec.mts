import { chromium } from "@playwright/test";
import { CHROMIUM } from "/work/main/e2e/chromium.ts";
const browser = await chromium.launch(CHROMIUM);
const [url, text, out, width] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url as string);
const section = page.locator("section", { has: page.getByRole("heading", { name: text as string, exact: true }) }).last();
await section.screenshot({ path: out as string });
await browser.close();
