import { readFile } from "node:fs/promises";
import type { ContactSubmission } from "@shared/schemas/contact";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

async function createMessage(
  request: import("@playwright/test").APIRequestContext,
  data: { fullName: string; subject: string; message: string },
) {
  const response = await request.post("/api/contact", { data: { email: "inbox.tools@example.com", ...data } });
  expect(response.status()).toBe(201);
  return (await response.json()) as ContactSubmission;
}

test.describe("admin inbox tools", () => {
  test("search ignores accents and case, filters narrow the list, a message can be put back to unread", async ({ page, request }) => {
    const tag = unique("Crémieux").split(" ")[1] ?? "";
    const fullName = `Élodie Crémieux ${tag}`;
    await createMessage(request, { fullName, subject: `Qualité de l'Ulva ${tag}`, message: "Quelle est la teneur en protéines ?" });
    await openAdmin(page, "/admin/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Messages de Contact" })).toBeVisible();

    const list = page.locator("ul").filter({ has: page.getByText(fullName) });
    await page.getByLabel("Rechercher dans les messages").fill(`cremieux ${tag.toUpperCase()}`);
    await expect(page.getByTestId("inbox-shown")).toHaveText("1 message affiché");
    await expect(list.getByRole("button")).toHaveCount(1);
    await expect(list.getByRole("button")).toContainText(fullName);

    const filters = page.getByTestId("inbox-filters");
    await filters.selectOption({ label: "Non lus" });
    await expect(filters).toHaveValue("unread");
    await expect(list.getByRole("button")).toContainText("Nouveau");

    await list.getByRole("button").click();
    const ticket = page.getByRole("region", { name: /Ticket #/ });
    await expect(ticket.getByText("Quelle est la teneur en protéines ?")).toBeVisible();
    // Read now: the "Non lus" list no longer has it, the ticket stays open.
    await expect(page.getByText("Aucun message ne correspond à la recherche ou au filtre.")).toBeVisible();

    await ticket.getByRole("button", { name: "Marquer comme non lu" }).click();
    await expect(page.getByText("Message marqué comme non lu")).toBeVisible();
    await expect(page.getByText("Sélectionnez un message pour voir les détails")).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(fullName) })).toContainText("Nouveau");

    await filters.selectOption({ label: "Avec réponse" });
    await expect(page.getByText("Aucun message ne correspond à la recherche ou au filtre.")).toBeVisible();
    await filters.selectOption({ label: "Tous" });
    await expect(page.getByRole("button", { name: new RegExp(fullName) })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a big inbox shows 50 messages, 'Charger plus' the rest, and the search finds an accented name typed without accents", async ({
    page,
    request,
  }) => {
    const tag = unique("lot").split(" ")[1] ?? "";
    // 61 + 1 messages of this test (RATE_LIMIT is off on the e2e servers), newest last: the accented one is first in the list.
    for (let start = 0; start < 61; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, 61 - start) }, (_, i) =>
          createMessage(request, { fullName: `Client ${tag} ${start + i}`, subject: `Lot ${tag}`, message: "Demande de prix." }),
        ),
      );
    }
    const accented = `Anaïs Lefèvre-Béchir ${tag}`;
    await createMessage(request, { fullName: accented, subject: `Échantillons ${tag}`, message: "Pouvez-vous envoyer des échantillons ?" });

    await openAdmin(page, "/admin/contacts");
    const rows = page.getByRole("listitem").getByRole("button", { name: new RegExp(tag) });
    const shown = page.getByTestId("inbox-shown");
    const loadMore = page.getByRole("button", { name: "Charger plus" });
    // The whole inbox holds more than a page: the first 50 only.
    await expect(page.getByRole("listitem").getByRole("button")).toHaveCount(50);
    await expect(loadMore).toBeVisible();

    const searchBox = page.getByLabel("Rechercher dans les messages");
    await searchBox.fill(`anais lefevre-bechir ${tag}`);
    await expect(shown).toHaveText("1 message affiché");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(accented);

    await searchBox.fill(tag);
    await expect(shown).toHaveText("50 messages affichés sur 62");
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText(accented);
    await loadMore.focus();
    await page.keyboard.press("Enter");
    await expect(shown).toHaveText("62 messages affichés");
    await expect(rows).toHaveCount(62);
    await expect(loadMore).toBeHidden();
    // Focus goes to the first message the click brought.
    await expect(rows.nth(50)).toBeFocused();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  });

  test("the CSV export downloads the filtered list with a BOM and escaped formulas", async ({ page, request }) => {
    const tag = unique("csv").split(" ")[1] ?? "";
    await createMessage(request, { fullName: `=HYPERLINK("x") ${tag}`, subject: `Export ${tag}`, message: "@SUM(A1)" });
    await openAdmin(page, "/admin/contacts");
    await page.getByLabel("Rechercher dans les messages").fill(tag);
    await expect(page.getByTestId("inbox-shown")).toHaveText("1 message affiché");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exporter en CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      "Date;Nom;E-mail;Téléphone;Sujet;Message;Lu;Réponses;Dernière réponse;Envoi de la dernière réponse;" +
        "Produit;Demande;Application;Quantité;Unité;Pays de destination;Société",
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${tag}"`);
    expect(lines[1]).toContain(";'@SUM(A1);");
  });

  test("the tools take one compact row of labelled selects at 1280 px and fold under 'Filtres' on a phone", async ({ page }) => {
    await openAdmin(page, "/admin/contacts");
    const selects = ["Dossier", "Afficher", "État", "Type de demande"].map((label) => page.getByLabel(label, { exact: true }));
    for (const select of selects) await expect(select).toBeVisible();
    // One row: the four selects side by side, and the whole toolbar (search, export, selects) well under the old 300 px.
    const tops = await Promise.all(selects.map(async (select) => Math.round((await select.boundingBox())?.y ?? -1)));
    expect(new Set(tops).size, `tops ${tops.join(", ")}`).toBe(1);
    const toolbar = page
      .locator("div", { has: page.getByLabel("Rechercher dans les messages") })
      .filter({ has: selects[0] })
      .last();
    expect((await toolbar.boundingBox())?.height ?? 999).toBeLessThan(180);
    await expect(page.getByRole("button", { name: /^Filtres/ })).toBeHidden();
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    const toggle = page.getByRole("button", { name: "Filtres", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    for (const select of selects) await expect(select).toBeHidden();
    await expectNoAxeViolations(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const select of selects) await expect(select).toBeVisible();
    await page.getByLabel("Afficher", { exact: true }).selectOption({ label: "Non lus" });
    await expect(page).toHaveURL(/\?filter=unread$/);
    // Folded again, the button says a filter is on.
    await page.getByRole("button", { name: "Filtres (1 actif)" }).click();
    await expect(page.getByLabel("Afficher", { exact: true })).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test("each row says where its conversation stands: 'En attente du client' once replied, 'Répondu' once closed", async ({
    page,
    request,
    api,
  }) => {
    const fullName = unique("Badge Répondu");
    const message = await createMessage(request, { fullName, subject: "Certificat d'analyse", message: "Pouvez-vous l'envoyer ?" });
    await api.post(`/api/contact/${message._id}/reply`, { replyMessage: "Le voici en pièce jointe." });
    await openAdmin(page, "/admin/contacts");
    const row = page.getByRole("button", { name: new RegExp(fullName) });
    await expect(row.getByText("En attente du client", { exact: true })).toBeVisible();
    await api.patch(`/api/contact/${message._id}/state`, { state: "answered" });
    await page.reload();
    await expect(row.getByText("Répondu", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("looks right at 375 px and 1280 px with the tools and an open ticket shown", async ({ page, request }) => {
    const fullName = unique("Ticket ouvert");
    await createMessage(request, { fullName, subject: "Fiche technique Codium", message: "Pouvez-vous m'envoyer la fiche ?" });
    await openAdmin(page, "/admin/contacts");
    await expect(page.getByLabel("Rechercher dans les messages")).toBeVisible();
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    await expect(page.getByRole("button", { name: "Marquer comme non lu" })).toBeVisible();
    await checkPhoneLayout(page, "contacts-inbox-tools");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  });
});
