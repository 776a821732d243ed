import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, expect, expectNoAxeViolations, test } from "./fixtures";

/** A new account of its own (changing the shared admin's password would end the other tests' session), signed in on Mon compte. */
async function openAccountOfNewAdmin(page: Page, request: APIRequestContext, account: { email: string; password: string }): Promise<void> {
  const registered = await request.post("/api/auth/register", {
    data: account,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(registered.status()).toBe(201);
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel(/^Mot de passe/).fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("link", { name: "Mon compte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
}

test("Mon compte: an admin changes their password; their other sessions end and this one stays open", async ({ page, request }) => {
  const account = { email: `account-${Date.now().toString(36)}@e2e.test`, password: "first-password-e2e" };
  const newPassword = "second-password-e2e";
  await openAccountOfNewAdmin(page, request, account);
  const elsewhere = ((await (await request.post("/api/auth/login", { data: account })).json()) as { token: string }).token;
  const me = (token: string) => request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  expect((await me(elsewhere)).status()).toBe(200);
  await expectNoAxeViolations(page);

  const current = page.getByLabel(/^Mot de passe actuel/);
  const next = page.getByLabel(/^Nouveau mot de passe/);
  const confirm = page.getByLabel(/^Confirmer le nouveau mot de passe/);
  const submit = page.getByRole("button", { name: "Changer le mot de passe" });

  await current.fill(account.password);
  await next.fill(newPassword);
  await confirm.fill("not-the-same-password");
  await submit.click();
  await expect(page.getByText("Les deux mots de passe ne correspondent pas")).toBeVisible();

  await current.fill("a-wrong-password");
  await confirm.fill(newPassword);
  await submit.click();
  // The message of the answer's code in the screen's language, not the API's "Français / English" text.
  await expect(page.getByRole("alert")).toHaveText("Mot de passe actuel incorrect");

  await current.fill(account.password);
  await submit.click();
  await expect(page.getByRole("status")).toHaveText("Mot de passe modifié. Vos autres sessions ont été fermées.");
  await expect(current).toHaveValue("");

  const stored = await page.evaluate(() => localStorage.getItem("authToken"));
  expect((await me(stored ?? "")).status()).toBe(200);
  expect((await me(elsewhere)).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: account })).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: { ...account, password: newPassword } })).status()).toBe(200);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
});

test("Mon compte: a new password shorter than 12 characters or among the most common breached ones is refused under the field", async ({
  page,
  request,
}) => {
  const account = { email: `common-${Date.now().toString(36)}@e2e.test`, password: "first-password-e2e" };
  await openAccountOfNewAdmin(page, request, account);
  const next = page.getByLabel(/^Nouveau mot de passe/);
  const confirm = page.getByLabel(/^Confirmer le nouveau mot de passe/);
  await expect(next).toHaveAccessibleDescription("12 caractères minimum, et pas un mot de passe courant.");
  await page.getByLabel(/^Mot de passe actuel/).fill(account.password);

  // The length is checked in the browser; the breached list only on the server, whose 400 names the field.
  await next.fill("kelp-tide-4");
  await confirm.fill("kelp-tide-4");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.locator("#account-newPassword-error")).toHaveText("Mot de passe : 12 caractères minimum");

  await next.fill("Password1234");
  await confirm.fill("Password1234");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/auth/password"));
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  expect((await answer).status()).toBe(400);
  const breached = "Ce mot de passe fait partie des plus courants dans les fuites de données : choisissez-en un autre.";
  await expect(page.locator("#account-newPassword-error")).toHaveText(breached);
  await expect(next).toHaveAttribute("aria-invalid", "true");
  await expect(next).toHaveAttribute("aria-describedby", "account-newPassword-hint account-newPassword-error");
  await expect(page.getByRole("status")).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await request.post("/api/auth/login", { data: account })).status()).toBe(200);
});
