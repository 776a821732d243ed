import { formatNumber } from "@shared/number-format";
import type { DashboardSummary } from "@shared/schemas/analytics";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { RichDoc } from "@shared/schemas/rich-text";
import type { SitePage } from "@shared/schemas/site-page";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";
import { setLegalPages } from "./site-helpers";

/** The checklist's links, by their text (app/features/dashboard/admin/texts.ts). */
const SETUP_LINKS = {
  company: "Renseigner les coordonnées de la société (adresse, e-mail, téléphone)",
  legalNotice: "Compléter les mentions légales (textes entre crochets) et les publier",
  privacyPolicy: "Compléter la politique de confidentialité (textes entre crochets) et la publier",
  social: "Ajouter les liens vers les réseaux sociaux",
  secondAdmin: "Inviter un second administrateur",
  twoFactor: "Activer la double authentification de votre compte",
  mailbox: "Relier la boîte de la société (IMAP_URL, réglage du serveur) pour recevoir les réponses des acheteurs",
} as const;

/** Every bracketed text of `doc` replaced: the draft completed. */
function completed(doc: RichDoc): RichDoc {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== "object" || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === "text" && typeof value === "string" ? value.replace(/\[[^\]]*\]/g, "Marine Algae SARL") : walk(value),
      ]),
    );
  };
  return walk(doc) as RichDoc;
}

async function savePage(api: Api, page: SitePage, change: Partial<SitePage>): Promise<void> {
  const { slugFr, slugEn, titleFr, titleEn, bodyFr, bodyEn, isActive, version } = page;
  await api.put(`/api/pages/${page._id}`, { slugFr, slugEn, titleFr, titleEn, bodyFr, bodyEn, isActive, version, ...change });
}

test.describe("admin dashboard", () => {
  test("shows the counters of the summary, received and unread being different figures, and the quick actions", async ({ page, api }) => {
    await openAdmin(page, "/admin");
    const summary = await api.get<DashboardSummary>("/api/analytics/summary");
    const card = (label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();
    await expect(card("Visites totales")).toContainText(formatNumber(Number(summary.totalVisits), "fr"));
    // Received over the last 30 days, with the all-time count; unread has its own card.
    await expect(card("Messages reçus")).toContainText(String(summary.receivedMessages));
    await expect(card("Messages reçus")).toContainText(`30 derniers jours · ${formatNumber(Number(summary.totalMessages), "fr")} au total`);
    await expect(card("Messages reçus")).not.toContainText("non lu");
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

  test("a new site's setup checklist links each item to its screen; the legal notice leaves it once completed and published", async ({
    page,
    api,
  }) => {
    const [notice] = (await setLegalPages(api, false)).filter((row) => row.key === "legal-notice");
    const original = await api.get<SitePage>(`/api/pages/id/${notice?._id}`);
    try {
      const { setup = [] } = await api.get<DashboardSummary>("/api/analytics/summary");
      await openAdmin(page, "/admin");
      const checklist = page.getByTestId("setup-checklist");
      await expect(checklist.getByRole("heading", { name: "Mise en route du site" })).toBeVisible();
      // The demo database: its facts as shipped, unpublished drafts, no social link, no IMAP_URL on the e2e servers.
      for (const key of ["company", "legalNotice", "privacyPolicy", "social", "mailbox"] as const) {
        expect(setup.map((item) => item.key)).toContain(key);
      }
      await expect(checklist.getByRole("link")).toHaveCount(setup.length);
      for (const item of setup) await expect(checklist.getByRole("link", { name: SETUP_LINKS[item.key] })).toHaveAttribute("href", item.to);
      await expect(checklist.getByRole("link", { name: SETUP_LINKS.legalNotice })).toHaveAttribute(
        "href",
        `/admin/pages/edit/${original._id}`,
      );
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(checklist).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Published with its brackets left: still to do. Completed and published: gone from the list.
      await savePage(api, original, { isActive: true });
      await page.reload();
      await expect(checklist.getByRole("link", { name: SETUP_LINKS.legalNotice })).toBeVisible();
      const published = await api.get<SitePage>(`/api/pages/id/${original._id}`);
      await savePage(api, published, { bodyFr: completed(original.bodyFr), bodyEn: completed(original.bodyEn), isActive: true });
      await page.reload();
      await expect(checklist.getByRole("link", { name: SETUP_LINKS.privacyPolicy })).toBeVisible();
      await expect(checklist.getByRole("link", { name: SETUP_LINKS.legalNotice })).toHaveCount(0);
    } finally {
      const current = await api.get<SitePage>(`/api/pages/id/${original._id}`);
      await savePage(api, current, { bodyFr: original.bodyFr, bodyEn: original.bodyEn, isActive: false });
    }
  });

  test("lists the latest messages with their request and product; 'Répondre' opens the message at its reply box", async ({
    page,
    api,
    request,
  }) => {
    const fullName = unique("Dashboard Buyer");
    const created = await request.post("/api/contact", {
      data: { fullName, email: "dashboard.buyer@example.com", product: "ulva-lactuca", requestType: "quote", message: "200 kg par mois." },
    });
    expect(created.status(), await created.text()).toBe(201);
    const message = (await created.json()) as ContactSubmission;
    await openAdmin(page, "/admin");
    const recent = page.getByTestId("recent-message").filter({ hasText: fullName });
    await expect(recent.getByText("new", { exact: true })).toBeVisible();
    await expect(recent).toContainText(`Devis · ${message.productName}`);
    await expect(recent.getByText(message.subject)).toBeVisible();
    // "Répondre" is the main action, "Marquer comme lu" beside it.
    const reply = recent.getByRole("link", { name: `Répondre : ${fullName}` });
    await expect(reply).toHaveAttribute("href", `/admin/contacts?message=${message._id}`);
    await expect(recent.getByRole("button", { name: `Marquer comme lu : ${fullName}` })).toBeVisible();
    await expectNoAxeViolations(page);

    await reply.click();
    await expect(page.getByRole("region", { name: /Ticket #/ })).toContainText(message.subject);
    await expect(page.getByLabel("Votre réponse")).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    // Opened: read.
    await expect
      .poll(async () => (await api.get<ContactSubmission[]>("/api/contact/submissions")).find((s) => s._id === message._id)?.isRead)
      .toBe(true);
  });

  test("'Marquer comme lu' stores it and updates the unread counter; only the 5 latest are read", async ({ page, api, request }) => {
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
    const recent = page.getByTestId("recent-message").filter({ hasText: fullName });
    await expect(recent.getByText("new", { exact: true })).toBeVisible();
    await expect(page.getByText("action required", { exact: true })).toBeVisible();
    await expect(page.getByTestId("recent-message")).toHaveCount(
      Math.min(5, (await api.get<ContactSubmission[]>("/api/contact/submissions")).length),
    );
    expect(read).toEqual(["?limit=5"]);
    const unreadBefore = (await api.get<DashboardSummary>("/api/analytics/summary")).unreadMessages ?? 0;
    const unreadCard = page.locator("div", { has: page.getByText("Messages non lus", { exact: true }) }).last();
    await expect(unreadCard).toContainText(String(unreadBefore));

    await recent.getByRole("button", { name: `Marquer comme lu : ${fullName}` }).click();
    await expect(recent.getByText("new", { exact: true })).toBeHidden();
    await expect(recent.getByRole("button", { name: /Marquer comme lu/ })).toBeHidden();
    await expect
      .poll(async () => (await api.get<ContactSubmission[]>("/api/contact/submissions")).find((s) => s.fullName === fullName)?.isRead)
      .toBe(true);
    await expect(unreadCard).toContainText(String(unreadBefore - 1));
  });

  test("on a phone the work comes first: checklist and latest messages above the cards, subjects on up to two lines", async ({
    page,
    request,
  }) => {
    const subject = "Question sur la disponibilité de la poudre d'Ulva lactuca pour une production cosmétique";
    const fullName = unique("Phone Buyer");
    expect(
      (await request.post("/api/contact", { data: { fullName, email: "phone.buyer@example.com", subject, message: "Bonjour." } })).status(),
    ).toBe(201);
    await page.setViewportSize({ width: 375, height: 812 });
    await openAdmin(page, "/admin");
    const messagesHeading = page.getByRole("heading", { name: "Messages récents" });
    const firstCard = page.getByText("Visites totales", { exact: true });
    await expect(firstCard).toBeVisible();
    const y = async (locator: typeof firstCard) => (await locator.boundingBox())?.y ?? Number.NaN;
    expect(await y(messagesHeading)).toBeLessThan(await y(firstCard));
    const checklist = page.getByTestId("setup-checklist");
    if (await checklist.isVisible()) expect(await y(checklist)).toBeLessThan(await y(messagesHeading));
    // The subject wraps instead of being cut after a few characters.
    const shown = page.getByTestId("recent-message").filter({ hasText: fullName }).getByText(subject);
    const box = await shown.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(30);
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("looks right at 375 px and 1280 px", async ({ page }) => {
    await openAdmin(page, "/admin");
    await checkPhoneLayout(page, "dashboard-cards");
  });
});
