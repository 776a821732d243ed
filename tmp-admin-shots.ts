import { chromium } from "@playwright/test";
import { CHROMIUM } from "./e2e/chromium";
const [base, password, ...paths] = process.argv.slice(2);
const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@marine-algae.tn", password }) });
const session = (await login.json()) as { token: string; user: unknown };
const browser = await chromium.launch(CHROMIUM);
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.evaluate((s) => { localStorage.setItem("authToken", s.token); localStorage.setItem("user", JSON.stringify(s.user)); }, session);
  for (const p of paths) {
    await page.goto(`${base}${p}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    const name = `/tmp/shots/admin${p.replace(/[^a-z0-9]+/gi, "_")}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await context.close();
}
await browser.close();
