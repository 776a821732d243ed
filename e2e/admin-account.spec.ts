import { adminToken, expect, expectNoAxeViolations, test } from "./fixtures";

test("Mon compte: an admin changes their password; their other sessions end and this one stays open", async ({ page, request }) => {
  // Its own account: changing the shared admin's password would end the other tests' session.
  const account = { email: `account-${Date.now().toString(36)}@e2e.test`, password: "first-password-e2e" };
  const newPassword = "second-password-e2e";
  const registered = await request.post("/api/auth/register", {
    data: account,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(registered.status()).toBe(201);
  const elsewhere = ((await (await request.post("/api/auth/login", { data: account })).json()) as { token: string }).token;
  const me = (token: string) => request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  expect((await me(elsewhere)).status()).toBe(200);

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel(/^Mot de passe/).fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("link", { name: "Mon compte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
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
  await expect(page.getByRole("alert")).toHaveText("Mot de passe actuel incorrect / Current password is incorrect");

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
