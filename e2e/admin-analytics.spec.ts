import { formatNumber } from "@shared/number-format";
import type { AnalyticsStats } from "@shared/schemas/analytics";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** A desktop browser's user agent: visits from bots are not counted. */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.describe("admin analytics", () => {
  test("shows the four cards, the 7-day chart and the most visited pages from recorded visits", async ({ page, request, api }) => {
    const pagePath = `/product/analytics-${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) {
      const response = await request.post("/api/analytics", { data: { pagePath, referrer: "" }, headers: { "user-agent": BROWSER_UA } });
      expect(response.status()).toBe(204);
    }
    const stats = await api.get<AnalyticsStats>("/api/analytics/stats");
    await openAdmin(page, "/admin/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Statistiques & Analytics" })).toBeVisible();

    const card = (label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();
    await expect(card("Visites (30j)")).toContainText(formatNumber(stats.summary.totalVisits, "fr"));
    await expect(card("Messages reçus")).toContainText(new RegExp(`${formatNumber(stats.summary.unreadMessages, "fr")} non lus?`));
    await expect(card("Pages uniques")).toContainText(String(stats.summary.uniquePages));
    await expect(card("Produits actifs")).toContainText(`sur ${stats.summary.totalProducts} total`);

    await expect(page.getByRole("tab", { name: "Vue d'ensemble" })).toHaveAttribute("aria-selected", "true");
    const chart = page.getByTestId("visits-chart");
    await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
    const today = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date());
    await expect(chart.getByText(today)).toBeVisible();
    const todayCount = stats.visitsByDay.at(-1)?.count ?? 0;
    expect(todayCount).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("row", { name: `${today} ${todayCount} visites` })).toHaveCount(1);

    const topPages = page.getByTestId("top-pages");
    await expect(page.getByRole("heading", { name: "Pages les plus visitées" })).toBeVisible();
    await expect(topPages.getByRole("listitem").filter({ hasText: pagePath })).toContainText("3 visites");
    expect(await topPages.getByRole("listitem").count()).toBeLessThanOrEqual(10);
    await expectNoAxeViolations(page);
  });

  test("the contacts tab lists the 20 latest messages with their status and counts them all", async ({ page, request, api }) => {
    const fullName = unique("Analytics Contact");
    const created = await request.post("/api/contact", {
      data: { fullName, email: "analytics.contact@example.com", phone: "+33 6 12 34 56 78", subject: "Fiche technique", message: "Merci." },
    });
    expect(created.status()).toBe(201);
    const read: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/contact/submissions")) read.push(new URL(r.url()).search);
    });
    await openAdmin(page, "/admin/analytics");
    const tab = page.getByRole("tab", { name: /^Contacts \(\d+\)$/ });
    await tab.click();
    const panel = page.getByRole("tabpanel");
    for (const header of ["Nom", "Email", "Numéro de téléphone", "Sujet", "Date", "Statut"]) {
      await expect(panel.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    const rows = panel.getByTestId("analytics-contact-row");
    await expect(rows.first()).toContainText(fullName);
    await expect(rows.first()).toContainText("+33 6 12 34 56 78");
    await expect(rows.first()).toContainText("Nouveau");
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // N is every message (X-Total-Count), the tab shows only the 20 latest: read as one page, never the whole inbox.
    const total = Number((await api.context.get("/api/contact/submissions?limit=1")).headers()["x-total-count"]);
    await expect(tab).toHaveText(`Contacts (${formatNumber(total, "fr")})`);
    await expect(rows).toHaveCount(Math.min(20, total));
    expect(read).toEqual(["?limit=20"]);
    await expectNoAxeViolations(page);
  });

  test("looks right at 375 px and 1280 px", async ({ page }) => {
    await openAdmin(page, "/admin/analytics");
    await expect(page.getByTestId("visits-chart")).toBeVisible();
    await checkPhoneLayout(page, "analytics");
  });
});
