import type { Category } from "@shared/schemas/category";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { Partner } from "@shared/schemas/partner";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { Signature } from "@shared/schemas/signature";
import { checkPhoneLayout, expectPagedListAccessible, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

test("Historique: an edit made in the product form shows, once opened, the field and before → after, at 375 and 1280 px without axe violations", async ({
  page,
  api,
}) => {
  const categories = await api.get<Category[]>("/api/categories");
  const name = unique("Ulve");
  const product = await api.post<Product>("/api/products", {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Court.",
    shortDescriptionEn: "Short.",
    mainImageUrl: "https://example.com/main.png",
    categoryId: categories[0]?._id ?? "",
    isActive: false,
    contentBlocks: [],
  } satisfies ProductInput);

  await openAdmin(page, `/admin/products/edit/${product._id}`);
  await expect(page.getByLabel(/^Nom \(FR\)/)).toHaveValue(name);
  await page.getByLabel(/^Nom \(FR\)/).fill(`${name} lactuca`);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.goto("/admin/history");
  await expect(page.getByRole("heading", { level: 1, name: "Historique des modifications" })).toBeVisible();
  const row = page
    .getByTestId("history-row")
    .filter({ visible: true })
    .filter({ hasText: `${name} lactuca` })
    .first();
  await expect(row).toContainText("Modification");
  const changes = row.getByTestId("history-changes");
  await expect(changes.getByText("1 modification")).toBeVisible();
  const line = changes.getByRole("listitem");
  await expect(line).toBeHidden();

  await changes.getByText("1 modification").click();
  await expect(line).toBeVisible();
  await expect(line).toHaveText(`Nom (FR) : ${name} → devient ${name} lactuca`);
  await expect(line).toContainText(`${name} → `);
  await expectNoAxeViolations(page);

  await checkPhoneLayout(page, "history-changes");
  await page.setViewportSize({ width: 375, height: 812 });
  const card = page
    .getByTestId("history-row")
    .filter({ visible: true })
    .filter({ hasText: `${name} lactuca` })
    .first();
  await card.getByText("1 modification").click();
  await expect(card.getByRole("listitem")).toHaveText(`Nom (FR) : ${name} → devient ${name} lactuca`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("Historique: more than one page; Voir plus reads the next one, the type filter kept, at 1280 and 375 px without axe violations", async ({
  page,
  api,
}) => {
  const name = unique("Partenaire historique");
  // One creation line, then 55 switch lines about this partner (inactive, so the site's carousel does not change).
  const partner = await api.post<Partner>("/api/partners", {
    name,
    logoUrl: "/uploads/algues/p.webp",
    websiteUrl: "https://history.example.com",
    isActive: false,
  });
  try {
    for (let n = 0; n < 55; n++) await api.patch(`/api/partners/${partner._id}`, { isActive: false });
    await openAdmin(page, "/admin/history");
    await page.getByLabel("Type").selectOption({ label: "Partenaire" });
    const rows = page.getByTestId("history-row").filter({ visible: true });
    await expect(rows).toHaveCount(50);
    const created = rows.filter({ hasText: name }).filter({ hasText: "Création" });
    await expect(created).toHaveCount(0);
    await expectPagedListAccessible(page);
    await page.getByRole("button", { name: "Voir plus" }).click();
    await expect(created).toHaveCount(1);
    expect(await rows.count()).toBeGreaterThan(50);
    // The next page kept the filter: partner lines only.
    await expect(rows.filter({ hasNotText: "Partenaire" })).toHaveCount(0);
    await checkPhoneLayout(page, "history-pages");
  } finally {
    await api.delete(`/api/partners/${partner._id}`);
  }
});

test("Versions: opened from a history row, the change that row is about (that version against the one before it) with its author's name, at 1280 and 375 px without axe violations", async ({
  page,
  api,
}) => {
  const signature = await api.get<Signature>("/api/auth/signature");
  const author = unique("Sami Trabelsi");
  await api.put("/api/auth/signature", { ...signature, name: author });
  try {
    const categories = await api.get<Category[]>("/api/categories");
    const name = unique("Codium");
    const input = {
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      nameFr: name,
      nameEn: `${name} EN`,
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: "https://example.com/main.png",
      categoryId: categories[0]?._id ?? "",
      isActive: false,
      contentBlocks: [],
    } satisfies ProductInput;
    const product = await api.post<Product>("/api/products", input);
    await api.put(`/api/products/${product._id}`, { ...input, nameFr: `${name} fragile` });

    await openAdmin(page, "/admin/history");
    const row = page
      .getByTestId("history-row")
      .filter({ visible: true })
      .filter({ hasText: `${name} fragile` })
      .first();
    await expect(row).toContainText("Modification");
    await row.getByRole("link", { name: "Voir cette version" }).click();
    await expect(page.getByRole("heading", { name: `Versions de : ${name} fragile` })).toBeVisible();

    // Not the current version against itself: the rename this row is about.
    await expect(page.getByRole("heading", { name: "Version 2 comparée à la version 1" })).toBeVisible();
    await expect(page.getByTestId("version-unchanged")).toHaveCount(0);
    const field = page.getByTestId("version-comparison").getByTestId("version-field");
    await expect(field).toHaveCount(1);
    await expect(field.getByRole("rowheader")).toHaveText("Nom");
    await expect(field).toContainText(`Version 1${name}`);
    await expect(field).toContainText(`Version 2${name} fragile`);
    // Each version names its author and its date.
    const versions = page.getByTestId("version-list").getByRole("button");
    await expect(versions).toHaveCount(2);
    for (const version of await versions.all()) {
      await expect(version.getByTestId("version-author")).toHaveText(`par ${author}`);
      await expect(version).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    }
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "La version actuelle" }).click();
    await expect(page.getByRole("heading", { name: "Version 2 comparée à l'actuelle" })).toBeVisible();
    await expect(page.getByTestId("version-unchanged")).toHaveText("Aucune différence avec la version actuelle");
    await page.getByRole("button", { name: "La version précédente" }).click();
    await expect(field).toHaveCount(1);

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "versions-from-history");
  } finally {
    await api.put("/api/auth/signature", signature);
  }
});

test("Historique: a message's rows name its ticket and subject while it exists, its ticket alone once deleted; the settings rows say so", async ({
  page,
  api,
  request,
}) => {
  const subject = unique("Devis Codium");
  const created = await request.post("/api/contact", {
    data: { fullName: "Acheteur Historique", email: "historique@example.com", phone: "", subject, message: "Bonjour, un devis SVP." },
  });
  expect(created.status()).toBe(201);
  const message = (await created.json()) as ContactSubmission;
  const ticket = `Ticket #${message._id.slice(-6).toUpperCase()}`;
  await api.patch(`/api/contact/${message._id}/read`);

  await openAdmin(page, "/admin/history");
  await page.getByLabel("Type").selectOption({ label: "Message" });
  const rows = page.getByTestId("history-row").filter({ visible: true });
  await expect(rows.filter({ hasText: `${ticket} — ${subject}` }).first()).toContainText("Marqué comme lu");
  await expect(rows.filter({ hasText: message._id })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await api.delete(`/api/contact/${message._id}`);
  await page.reload();
  await page.getByLabel("Type").selectOption({ label: "Message" });
  await expect(rows.filter({ hasText: ticket }).filter({ hasText: "Suppression" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: subject })).toHaveCount(0);

  // The settings are one document: their rows name it (the type's badge, then the item), not "—".
  type Stored = { version: number; updatedAt: string; home: { values: { title: { fr: string; en: string } }[] } } & Record<string, unknown>;
  const { updatedAt: _u, ...settings } = await api.get<Stored>("/api/settings");
  const values = settings.home.values.map((v, i) => (i === 0 ? { ...v, title: { ...v.title, fr: `${v.title.fr} ${unique("h")}` } } : v));
  const changed = await api.put<Stored>("/api/settings", { ...settings, home: { ...settings.home, values } });
  try {
    await page.getByLabel("Type").selectOption({ label: "Paramètres du site" });
    await expect(rows.first().getByText("Paramètres du site", { exact: true })).toHaveCount(2);
    await expect(rows.first().getByText("—", { exact: true })).toHaveCount(0);
  } finally {
    await api.put("/api/settings", { ...settings, version: changed.version });
  }
});
