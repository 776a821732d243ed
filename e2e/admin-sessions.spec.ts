import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { adminToken, expect, expectNoAxeViolations, test } from "./fixtures";

/** Several accounts and browsers on a shared, busy machine. */
test.describe.configure({ timeout: 180_000 });

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Axe once no success message is on screen (the checks then see the page alone). */
async function axe(page: Page): Promise<void> {
  await expect(page.locator('[data-feedback="success"]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
}

/**
 * A fresh administrator of this test only: ending the shared admin's sessions would sign the other specs out.
 * Added by the shared admin through the register call (`POST /api/auth/register`).
 */
async function freshAdmin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const account = { email: `${unique("sessions").replace(" ", "-")}@e2e.test`, password: "sessions-e2e-password" };
  const registered = await request.post("/api/auth/register", {
    data: account,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return account;
}

async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel(/^Mot de passe/).fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible({ timeout: 30_000 });
}

/** Another browser (an iPhone's Safari, as the server reads its user agent) signed in to the account. */
async function signInElsewhere(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI });
  const page = await context.newPage();
  await signInThroughForm(page, account);
  return { context, page };
}

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem("authToken"))) ?? "";
const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status();

for (const width of [1280, 375]) {
  test(`Mon compte at ${width} px: lists this browser's session and another's, ends the other, whose page then goes to sign-in`, async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 812 });
    const account = await freshAdmin(request);
    const elsewhere = await signInElsewhere(browser, account);
    await signInThroughForm(page, account);
    // At 375 px the navigation is behind the menu button: the address is the same at both widths.
    await page.goto("/admin/account");
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible({ timeout: 30_000 });

    const section = page.getByRole("heading", { name: "Sessions actives" });
    await expect(section).toBeVisible();
    const rows = page.getByTestId("session-row").filter({ visible: true });
    await expect(rows).toHaveCount(2);
    const current = rows.filter({ hasText: "Cette session" });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText("Chrome · Ordinateur");
    const other = rows.filter({ hasText: "Safari · Téléphone" });
    await expect(other).not.toContainText("Cette session");
    await expect(current.getByRole("button", { name: /^Terminer/ })).toHaveCount(0);
    await axe(page);
    if (width === 1280) await checkPhoneLayout(page, "account-sessions");

    const elsewhereToken = await tokenOf(elsewhere.page);
    expect(await meStatus(request, elsewhereToken)).toBe(200);
    await other.getByRole("button", { name: /^Terminer la session Safari · Téléphone ouverte le / }).click();
    await expect(page.getByText("Session terminée")).toBeVisible();
    await expect(rows).toHaveCount(1);
    // The row's button is gone: focus moves to the other action of the card, not to the top of the page.
    await expect(page.getByRole("button", { name: "Terminer toutes les autres sessions" })).toBeFocused();
    expect(await meStatus(request, elsewhereToken)).toBe(401);
    expect(await meStatus(request, await tokenOf(page))).toBe(200);

    // The other browser learns it on its next call to the server and is sent to the sign-in page.
    await elsewhere.page.getByRole("link", { name: "Mon compte" }).click();
    await expect(elsewhere.page).toHaveURL(/\/admin\/login$/);
    expect(await elsewhere.page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    await elsewhere.context.close();
  });
}

test("Mon compte: 'Terminer toutes les autres sessions' asks first, ends them all but this one, and gives focus back", async ({
  page,
  browser,
  request,
}) => {
  const account = await freshAdmin(request);
  const first = await signInElsewhere(browser, account);
  const second = await signInElsewhere(browser, account);
  await signInThroughForm(page, account);
  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByTestId("session-row").filter({ visible: true });
  await expect(rows).toHaveCount(3);

  const trigger = page.getByRole("button", { name: "Terminer toutes les autres sessions" });
  await trigger.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Cette session reste ouverte.");
  await axe(page);
  // Cancelled: nothing ends, focus comes back to the button.
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(rows).toHaveCount(3);

  await trigger.click();
  await dialog.getByRole("button", { name: "Terminer toutes les autres sessions" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("2 sessions terminées")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Cette session");
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Aucune autre session ouverte.")).toBeVisible();
  await axe(page);
  for (const other of [first, second]) {
    expect(await meStatus(request, await tokenOf(other.page))).toBe(401);
    await other.context.close();
  }
  expect(await meStatus(request, await tokenOf(page))).toBe(200);
});

test("Administrateurs: 'Terminer ses sessions' signs another administrator out everywhere after a confirmation", async ({
  page,
  browser,
  request,
}) => {
  const account = await freshAdmin(request);
  const theirs = await signInElsewhere(browser, account);
  await openAdmin(page, "/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Administrateurs" })).toBeVisible();
  await expect(
    page
      .getByTestId("admin-row")
      .filter({ visible: true })
      .filter({ hasText: "(Vous)" })
      .getByRole("button", { name: /^Terminer les sessions/ }),
  ).toHaveCount(0);

  await checkPhoneLayout(page, "users-sessions");
  // At 1280 px the row's two actions fit beside the other columns: the table does not scroll sideways.
  const table = page.locator("div.overflow-x-auto", { has: page.getByTestId("admin-row") });
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const row = page.getByTestId("admin-row").filter({ visible: true }).filter({ hasText: account.email });
  const trigger = row.getByRole("button", { name: `Terminer les sessions de ${account.email}` });
  await trigger.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`${account.email} sera déconnecté sur tous ses appareils`);
  await axe(page);
  await dialog.getByRole("button", { name: "Terminer ses sessions" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Sessions de ${account.email} terminées`)).toBeVisible();
  await expect(trigger).toBeFocused();
  expect(await meStatus(request, await tokenOf(theirs.page))).toBe(401);

  await theirs.page.getByRole("link", { name: "Mon compte" }).click();
  await expect(theirs.page).toHaveURL(/\/admin\/login$/);
  await theirs.context.close();

  // The history names the administrator whose sessions ended.
  const history = await request.get("/api/history?type=user", { headers: { authorization: `Bearer ${await adminToken()}` } });
  const items = (await history.json()) as { action: string; label: string | null }[];
  expect(items).toContainEqual(expect.objectContaining({ action: "session.end-all", label: account.email }));
});
