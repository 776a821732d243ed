import type { DashboardSummary } from "@shared/schemas/analytics";
import type { ContactSubmission } from "@shared/schemas/contact";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe("admin dashboard", () => {
  test("shows the five counters of the summary and the quick actions", async ({ page, api }) => {
    await openAdmin(page, "/admin");
    const summary = await api.get<DashboardSummary>("/api/analytics/summary");
    const card = (label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();
    await expect(card("Visites totales")).toContainText(String(summary.totalVisits));
    await expect(card("Messages reçus")).toContainText(String(summary.totalMessages));
    await expect(card("Messages reçus")).toContainText(`${summary.unreadMessages} non lu`);
    await expect(card("Messages non lus")).toContainText(String(summary.unreadMessages));
    await expect(card("Produits actifs")).toContainText(String(summary.activeProducts));
    await expect(card("Spams écartés")).toContainText(String(summary.spamMessages));
    for (const action of [
      "Ajouter un produit",
      "Modifier la bannière",
      "Répondre aux messages",
      "Voir les statistiques",
      "Gérer les partenaires",
    ]) {
      await expect(page.getByRole("link", { name: action })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test("lists the latest messages with a 'new' marker; Mark as read stores it and updates the counters", async ({ page, api, request }) => {
    const fullName = unique("Dashboard Visitor");
    const created = await request.post("/api/contact", {
      data: { fullName, email: "dashboard.visitor@example.com", subject: "Échantillons d'Ulva", message: "Pouvez-vous envoyer 200 g ?" },
    });
    expect(created.status()).toBe(201);
    const read: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/contact/submissions")) read.push(new URL(r.url()).search);
    });
    await openAdmin(page, "/admin");
    const recent = page.getByRole("listitem").filter({ hasText: fullName });
    await expect(recent.getByText("new", { exact: true })).toBeVisible();
    await expect(page.getByText("action required", { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByText("Échantillons d'Ulva") })
        .first(),
    ).toBeVisible();
    await expect(page.locator("li").filter({ has: page.locator("time") })).toHaveCount(
      Math.min(5, (await api.get<ContactSubmission[]>("/api/contact/submissions")).length),
    );
    // Only the 5 latest are read, never the whole inbox.
    expect(read).toEqual(["?limit=5"]);
    const unreadBefore = (await api.get<DashboardSummary>("/api/analytics/summary")).unreadMessages ?? 0;
    await expect(page.getByText(`${unreadBefore} non lu`)).toBeVisible();

    await recent.getByRole("button", { name: `Marquer comme lu : ${fullName}` }).click();
    await expect(recent.getByText("new", { exact: true })).toBeHidden();
    await expect(recent.getByRole("button", { name: /Marquer comme lu/ })).toBeHidden();
    // The row changes at once (optimistic): the stored state is polled until the request has been handled.
    await expect
      .poll(async () => (await api.get<ContactSubmission[]>("/api/contact/submissions")).find((s) => s.fullName === fullName)?.isRead)
      .toBe(true);
    await expect(page.getByText(`${unreadBefore - 1} non lu`)).toBeVisible();
  });

  test("looks right at 375 px and 1280 px", async ({ page }) => {
    await openAdmin(page, "/admin");
    await checkPhoneLayout(page, "dashboard-cards");
  });
});
