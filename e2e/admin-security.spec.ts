import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { checkPhoneLayout, expectPagedListAccessible, openAdmin, unique } from "./admin-helpers";
import { adminToken, expect, expectNoAxeViolations, inParallel, receivedMails, test } from "./fixtures";

/** Long journeys (several accounts, axe at two widths) on a shared, busy machine. */
test.describe.configure({ timeout: 180_000 });

/** Once no success message is on screen, the checks see the page alone. */
async function successMessageGone(page: Page): Promise<void> {
  await expect(page.locator('[data-feedback="success"]')).toHaveCount(0, { timeout: 15_000 });
}

async function axe(page: Page): Promise<void> {
  await successMessageGone(page);
  await expectNoAxeViolations(page);
}

/** Axe at 1280 px and at 375 px (no sideways scroll); with E2E_SCREENSHOTS=1, screenshots of both widths in .tmp/admin-screens. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  await axe(page);
  await checkPhoneLayout(page, name);
  await page.setViewportSize({ width: 375, height: 812 });
  await axe(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The code an authenticator app shows `offsetSteps` steps of 30 s from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/admin/login");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test("Administrateurs: add one with a one-time password, who must then choose their own; remove one", async ({ page, browser }) => {
  const email = `${unique("colleague").replace(" ", "-")}@e2e.test`;
  await openAdmin(page, "/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Administrateurs" })).toBeVisible();
  await expect(page.getByTestId("admin-row").filter({ visible: true }).first()).toBeVisible();
  await checkBothWidths(page, "users");

  await page.getByLabel(/^Adresse e-mail/).fill(email);
  await page.getByLabel(/Mot de passe provisoire/).check();
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  const shown = page.getByTestId("one-time-password");
  await expect(shown).toBeVisible();
  const oneTimePassword = ((await shown.textContent()) ?? "").trim();
  expect(oneTimePassword).toMatch(/^[a-zA-Z2-9]{16}$/);
  await axe(page);
  await checkPhoneLayout(page, "users-one-time-password");
  const row = page.getByTestId("admin-row").filter({ visible: true }).filter({ hasText: email });
  await expect(row).toContainText("Mot de passe provisoire");

  // The colleague signs in with it in their own browser and is sent to Mon compte to choose a password.
  const theirs = await browser.newContext();
  const colleague = await theirs.newPage();
  await signInThroughForm(colleague, email, oneTimePassword);
  await expect(colleague.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
  await expect(colleague.getByRole("alert").filter({ hasText: "mot de passe provisoire" })).toBeVisible();
  await colleague.getByLabel(/^Mot de passe actuel/).fill(oneTimePassword);
  await colleague.getByLabel(/^Nouveau mot de passe/).fill("colleague-own-password");
  await colleague.getByLabel(/^Confirmer le nouveau mot de passe/).fill("colleague-own-password");
  await colleague.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(colleague.getByRole("status").filter({ hasText: "Mot de passe modifié" })).toBeVisible();
  await expect(colleague.getByRole("heading", { name: "Double authentification" })).toBeVisible();
  await theirs.close();

  // Removing them: confirmed in a dialog; the signed-in admin has no remove button on their own row.
  await page.reload();
  await expect(row).not.toContainText("Mot de passe provisoire");
  await expect(
    page
      .getByTestId("admin-row")
      .filter({ hasText: "(Vous)" })
      .getByRole("button", { name: /Supprimer/ }),
  ).toHaveCount(0);
  await row.getByRole("button", { name: `Supprimer l'administrateur ${email}` }).click();
  const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(dialog).toContainText(email);
  await axe(page);
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(row).toHaveCount(0);
});

test("Invitation: the e-mail's link opens a page where the invitee chooses a password and lands in the back office", async ({
  page,
  browser,
}) => {
  const email = `${unique("invitee").replace(" ", "-")}@e2e.test`;
  await openAdmin(page, "/admin/users");
  await page.getByLabel(/^Adresse e-mail/).fill(email);
  await page.getByLabel(/Invitation par e-mail/).check();
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByTestId("invitation-row").filter({ visible: true }).filter({ hasText: email })).toBeVisible();

  let link = "";
  await expect
    .poll(
      () => {
        const mail = receivedMails().find((m) => m.envelopeTo.includes(email));
        link = /https?:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");

  const theirs = await browser.newContext();
  const invitee = await theirs.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { level: 1, name: "Rejoindre l'administration" })).toBeVisible();
  await expect(invitee.getByText(email)).toBeVisible();
  await checkBothWidths(invitee, "invitation");
  await invitee.getByLabel(/^Mot de passe/).fill("invitee-password-1");
  await invitee.getByLabel(/^Confirmer le mot de passe/).fill("invitee-password-1");
  await invitee.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invitee.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // Used once: the same link now says so.
  await invitee.evaluate(() => localStorage.clear());
  await invitee.goto(link);
  await expect(invitee.getByRole("alert")).toContainText("n'est plus valable");
  await axe(invitee);
  await theirs.close();
});

test("Double authentification: enrol by typing the key and the password, keep the recovery codes, renew them, change the e-mail, then sign in with a code", async ({
  page,
  request,
}) => {
  const account = { email: `${unique("totp").replace(" ", "-")}@e2e.test`, password: "totp-e2e-password" };
  const registered = await request.post("/api/auth/register", {
    data: account,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(registered.status()).toBe(201);

  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { name: "Double authentification" })).toBeVisible();
  await page.getByRole("button", { name: "Activer la double authentification" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await checkBothWidths(page, "account-totp-setup");
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");

  // A stolen token is not enough: the password is asked with the code.
  await page.getByLabel(/^Code à 6 chiffres/).fill(totpCode(secret));
  await page.getByRole("button", { name: "Confirmer et activer" }).click();
  await expect(page.getByText("Mot de passe requis").first()).toBeVisible();
  await page.locator("#totp-enable-password").fill("not-the-password");
  await page.getByRole("button", { name: "Confirmer et activer" }).click();
  await expect(page.getByText("Mot de passe incorrect").first()).toBeVisible();
  await checkBothWidths(page, "account-totp-reauthentication");
  await page.locator("#totp-enable-password").fill(account.password);
  await page.getByLabel(/^Code à 6 chiffres/).fill("000000");
  await page.getByRole("button", { name: "Confirmer et activer" }).click();
  await expect(page.getByText("Code incorrect ou déjà utilisé").first()).toBeVisible();
  await page.getByLabel(/^Code à 6 chiffres/).fill(totpCode(secret));
  await page.getByRole("button", { name: "Confirmer et activer" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const firstCode = (await codes.first().textContent()) ?? "";
  await checkBothWidths(page, "account-recovery-codes");
  await page.getByRole("button", { name: "J'ai noté mes codes" }).click();
  await expect(page.getByText("10 codes de secours restants")).toBeVisible();
  await checkBothWidths(page, "account-totp-on");

  // New recovery codes, with the password; the old ones are replaced.
  await page.locator("#totp-codes-password").fill(account.password);
  await page.getByRole("button", { name: "Nouveaux codes de secours" }).click();
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).not.toHaveText(firstCode);
  await page.getByRole("button", { name: "J'ai noté mes codes" }).click();

  // The sign-in e-mail changes only with the password.
  const moved = `moved-${account.email}`;
  await page.getByLabel(/^Nouvelle adresse e-mail/).fill(moved);
  await page.locator("#account-email-password").fill(account.password);
  await page.getByRole("button", { name: "Changer l'adresse" }).click();
  await expect(page.getByText("Adresse e-mail changée")).toBeVisible();
  await expect(page.getByText(`Vous vous connectez avec ${moved}`)).toBeVisible();
  await checkBothWidths(page, "account-email-changed");
  account.email = moved;

  // Sign-in now asks for a code after the password; the code of the enrolment step cannot be used again, the next one can.
  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByRole("heading", { level: 1, name: "Code de vérification" })).toBeVisible();
  await checkBothWidths(page, "login-code");
  await page.getByLabel(/^Code/).fill(totpCode(secret, 1));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
});

test("Historique: the admin's changes are listed, filterable by type and by administrator", async ({ page, api }) => {
  const name = unique("Catégorie historique");
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await api.post("/api/categories", { slug, nameFr: name, nameEn: "History category" });
  await openAdmin(page, "/admin/history");
  await expect(page.getByRole("heading", { level: 1, name: "Historique des modifications" })).toBeVisible();
  const row = page.getByTestId("history-row").filter({ visible: true }).filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Création");
  await checkBothWidths(page, "history");

  await page.getByLabel("Type").selectOption({ label: "Partenaire" });
  await expect(row).toHaveCount(0);
  await page.getByLabel("Type").selectOption({ label: "Catégorie" });
  await expect(row).toBeVisible();
  await page.getByLabel("Administrateur").selectOption({ label: "admin@e2e.test" });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("history-row").filter({ visible: true }).filter({ hasNotText: "admin@e2e.test" })).toHaveCount(0);
});

test("Administrateurs: more than one page; Charger plus shows the rest, oldest first, at 1280 and 375 px without axe violations", async ({
  page,
  api,
}) => {
  test.slow();
  const prefix = unique("paged").replace(" ", "-");
  const created: string[] = [];
  try {
    const add = async (n: number) => {
      const answer = await api.post<{ user: { _id: string } }>("/api/users", {
        email: `${prefix}-${String(n).padStart(2, "0")}@e2e.test`,
        mode: "password",
      });
      created.push(answer.user._id);
    };
    await inParallel(
      Array.from({ length: 50 }, (_, n) => n),
      add,
    );
    await add(50); // the newest
    const total = (await api.get<unknown[]>("/api/users?limit=200")).length;
    await openAdmin(page, "/admin/users");
    const rows = page.getByTestId("admin-row").filter({ visible: true });
    await expect(rows).toHaveCount(50);
    const newest = rows.filter({ hasText: `${prefix}-50@e2e.test` });
    await expect(newest).toHaveCount(0);
    await expect(page.getByText(`50 administrateurs affichés sur ${total}`)).toBeVisible();
    await successMessageGone(page);
    await expectPagedListAccessible(page);
    await page.getByRole("button", { name: "Charger plus", exact: true }).click();
    await expect(newest).toBeVisible();
    await expect(rows).toHaveCount(total);
    await expect(page.getByRole("button", { name: "Charger plus", exact: true })).toHaveCount(0);
    await checkPhoneLayout(page, "administrators-pages");
  } finally {
    // The worker's later specs read this screen: its list goes back to one page.
    await inParallel(created, (id) => api.delete(`/api/users/${id}`));
  }
});
