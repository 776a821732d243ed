import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import type { HistoryEntry } from "@shared/schemas/history";
import type { PrivacyExport } from "@shared/schemas/privacy";
import { checkPhoneLayout, openAdmin } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

/** An address no other test uses (the tests of a worker share its server and database), in the case a visitor might type it. */
const uniqueAddress = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@Example.com`;

/** A visitor's message through the public contact API. */
/** Sends a message as the contact page's form does, with the page's form time: the visitor gets a confirmation. */
async function sendAsVisitor(request: APIRequestContext, email: string, subject: string): Promise<void> {
  const page = await (await request.get("/contact")).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(page)?.[1] ?? "";
  expect(formToken).not.toBe("");
  const response = await request.post("/api/contact", {
    data: { fullName: "Visiteur Privé", email, phone: "", subject, message: "Merci d'effacer mes données ensuite.", formToken },
  });
  expect(response.status()).toBe(201);
}

async function search(page: Page, email: string): Promise<void> {
  await page.getByLabel("Adresse e-mail").fill(email.toLowerCase());
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page.getByRole("heading", { name: `Données conservées pour ${email.toLowerCase()}` })).toBeVisible();
}

const count = (page: Page, kind: string) => page.getByTestId(`privacy-count-${kind}`);

/** Erases through the dialog: a wrong address is refused, then the right one; focus ends on the trigger. */
async function eraseThroughDialog(page: Page, email: string): Promise<void> {
  const trigger = page.getByRole("button", { name: "Effacer toutes ces données" });
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name: "Effacer toutes les données de cette adresse ?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Saisissez à nouveau l'adresse pour confirmer").fill(`x${email}`);
  await dialog.getByRole("button", { name: "Effacer définitivement" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Saisissez exactement la même adresse pour confirmer");
  await expect(count(page, "messages")).toHaveText("1");

  await dialog.getByLabel("Saisissez à nouveau l'adresse pour confirmer").fill(email.toUpperCase());
  await dialog.getByRole("button", { name: "Effacer définitivement" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Données effacées : 1 message supprimé")).toBeVisible();
  await expect(count(page, "messages")).toHaveText("0");
  await expect(count(page, "mails")).toHaveText("0");
  await expect(page.getByText("Rien n'est conservé pour cette adresse.")).toBeVisible();
  await expect(trigger).toBeFocused();
}

async function expectErasedEverywhere(api: Api, email: string): Promise<void> {
  const summary = await api.get<{ counts: Record<string, number> }>(`/api/privacy/summary?email=${encodeURIComponent(email)}`);
  expect(Object.values(summary.counts).every((n) => n === 0)).toBe(true);
  const history = await api.get<HistoryEntry[]>("/api/history?type=privacy");
  expect(history[0]).toMatchObject({ action: "erase", label: expect.stringMatching(/^1 adresse effacée : 1 message/) });
  expect(JSON.stringify(history).toLowerCase()).not.toContain(email.toLowerCase());
}

test.describe("personal data (GDPR)", () => {
  test("finds a visitor's message by address, exports it as JSON and erases it after confirmation", async ({ page, request, api }) => {
    const email = uniqueAddress("rgpd");
    const subject = `Demande RGPD ${Date.now().toString(36)}`;
    await sendAsVisitor(request, email, subject);

    await openAdmin(page, "/admin");
    await page.getByRole("link", { name: "Données personnelles" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Données personnelles" })).toBeVisible();
    await search(page, email);
    await expect(count(page, "messages")).toHaveText("1");
    // The notification to the team and the confirmation to the visitor (decision 0108).
    await expect(count(page, "mails")).toHaveText("2");
    await expect(page.getByTestId("privacy-message").filter({ visible: true })).toContainText(subject);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exporter (JSON)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^donnees-personnelles-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await file.path(), "utf8")) as PrivacyExport;
    expect(exported.email).toBe(email.toLowerCase());
    expect(exported.messages).toHaveLength(1);
    expect(exported.messages[0]).toMatchObject({ email, subject, fullName: "Visiteur Privé" });
    expect(exported.messages[0]?.mails.map((m) => m.kind).sort()).toEqual(["confirmation", "notification"]);

    // Cancelling gives focus back to the button that opened the dialog.
    const trigger = page.getByRole("button", { name: "Effacer toutes ces données" });
    await trigger.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Annuler" }).click();
    await expect(trigger).toBeFocused();

    await eraseThroughDialog(page, email);
    await expectErasedEverywhere(api, email);
  });

  test("works at 375 px: search, the confirmation dialog and the erasure", async ({ page, request, api }) => {
    const email = uniqueAddress("mobile");
    await sendAsVisitor(request, email, "Depuis un téléphone");
    await openAdmin(page, "/admin/privacy");
    await search(page, email);
    await checkPhoneLayout(page, "privacy");
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId("privacy-message").filter({ visible: true })).toContainText("Depuis un téléphone");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Effacer toutes ces données" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await eraseThroughDialog(page, email);
    await expectErasedEverywhere(api, email);
  });
});
