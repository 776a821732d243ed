import type { APIRequestContext, Page } from "@playwright/test";
import type { Role } from "@shared/roles";
import type { AdminAccount, CreateAdminResponse } from "@shared/schemas/admin-security";
import type { DashboardSummary } from "@shared/schemas/analytics";
import type { Me } from "@shared/schemas/auth";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

/** Accounts, sign-ins and axe at two widths on a shared, busy machine. */
test.describe.configure({ timeout: 120_000 });

type Session = { token: string; user: Me["user"] };
type LimitedRole = Exclude<Role, "admin">;

const ROLE_NAMES: Record<Role, string> = { admin: "Administrateur", editor: "Éditeur du catalogue", sales: "Commercial" };

/** The sidebar of each role (decision 0114), in its order. */
const SIDEBAR: Record<LimitedRole, string[]> = {
  editor: [
    "Dashboard",
    "Produits",
    "Catégories",
    "Bannière",
    "Partenaires",
    "Certifications",
    "Salons",
    "Applications",
    "Fonctions",
    "Pages",
    "Médiathèque",
    "Historique",
  ],
  sales: ["Dashboard", "Produits", "Catégories", "Certifications", "Applications", "Fonctions", "Messages", "Analytics", "Historique"],
};

/** The sidebar's group headings each role sees: a group with no entry the role may open is not shown. */
const GROUP_HEADINGS: Record<LimitedRole, string[]> = { editor: ["Contenu", "Sécurité"], sales: ["Contenu", "Acheteurs", "Sécurité"] };

/** A screen each role may not open. */
const REFUSED: Record<LimitedRole, string> = { editor: "/admin/contacts", sales: "/admin/settings" };

/** The dashboard's figure cards, by the summary's field. */
const CARDS = {
  totalVisits: "Visites totales",
  totalMessages: "Messages reçus",
  unreadMessages: "Messages non lus",
  spamMessages: "Spams écartés",
  activeProducts: "Produits actifs",
} as const;

/**
 * An account with `role`, made by the administrator through the API (one-time password), that has chosen its own
 * password: signed in, with the token and the user its browser would store.
 */
async function accountWith(api: Api, request: APIRequestContext, role: Role): Promise<Session> {
  const email = `${unique(role).replace(" ", "-")}@roles.e2e.test`;
  const created = await api.post<CreateAdminResponse>("/api/users", { email, mode: "password", role });
  if (created.mode !== "password") throw new Error("expected a one-time password");
  const login = await request.post("/api/auth/login", { data: { email, password: created.oneTimePassword } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  const changed = await request.post("/api/auth/password", {
    data: { currentPassword: created.oneTimePassword, newPassword: `roles-${Date.now().toString(36)}-Kelp-Bizerte` },
    headers: { authorization },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  const me = await request.get("/api/auth/me", { headers: { authorization } });
  expect(me.status()).toBe(200);
  return { token, user: ((await me.json()) as Me).user };
}

/** Stores `session` as the sign-in page would (or as a browser signed in before roles kept it) and opens `target`. */
async function openAs(page: Page, session: Session, target: string, { withoutRole = false } = {}): Promise<void> {
  await page.goto("/robots.txt");
  const user = withoutRole ? { ...session.user, role: undefined } : session.user;
  await page.evaluate(
    ({ token, stored }) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("user", JSON.stringify(stored));
    },
    { token: session.token, stored: user },
  );
  await page.goto(target);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** Every answer refused to the role: a screen that follows the role asks nothing it would be refused. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });
  return refused;
}

/** The sidebar's entries as shown: the fixed one from 1024 px, the drawer's below (opened, read, closed). */
async function sidebarEntries(page: Page, phone: boolean): Promise<ReturnType<Page["getByRole"]>> {
  if (phone) await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  return page.getByRole("navigation", { name: "Navigation de l'administration" }).filter({ visible: true }).getByRole("link");
}

async function summaryOf(request: APIRequestContext, session: Session): Promise<DashboardSummary> {
  const answer = await request.get("/api/analytics/summary", { headers: { authorization: `Bearer ${session.token}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DashboardSummary;
}

for (const role of ["editor", "sales"] as const) {
  for (const width of [1280, 375]) {
    const phone = width < 1024;
    test(`${role} at ${width} px: the sidebar, the dashboard and a refused screen follow the role`, async ({ page, api, request }) => {
      const session = await accountWith(api, request, role);
      const refused = refusals(page);
      await page.setViewportSize({ width, height: phone ? 812 : 800 });
      await openAs(page, session, "/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

      const entries = await sidebarEntries(page, phone);
      await expect(entries).toHaveText(SIDEBAR[role]);
      const nav = page.getByRole("navigation", { name: "Navigation de l'administration" }).filter({ visible: true });
      for (const heading of ["Contenu", "Acheteurs", "Site", "Sécurité"])
        await expect(nav.getByText(heading, { exact: true }), heading).toHaveCount(GROUP_HEADINGS[role].includes(heading) ? 1 : 0);
      await expect(page.getByTestId("sidebar-role").filter({ visible: true })).toHaveText(ROLE_NAMES[role]);
      if (phone) await page.keyboard.press("Escape");

      // Each figure the summary gives this role has its card, and no other.
      await expect(page.getByText(CARDS.activeProducts, { exact: true })).toBeVisible();
      const summary = await summaryOf(request, session);
      for (const [field, label] of Object.entries(CARDS)) {
        const shown = page.getByText(label, { exact: true });
        if (field in summary) await expect(shown, label).toBeVisible();
        else await expect(shown, label).toHaveCount(0);
      }
      if (role === "editor") {
        expect(Object.keys(summary).filter((key) => key in CARDS)).toEqual(["activeProducts"]);
        await expect(page.getByRole("link", { name: "Ajouter un produit" })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Messages récents" })).toHaveCount(0);
        await expect(page.getByRole("link", { name: "Répondre aux messages" })).toHaveCount(0);
      } else {
        for (const field of ["totalVisits", "totalMessages", "unreadMessages"]) expect(summary).toHaveProperty(field);
        await expect(page.getByRole("heading", { name: "Messages récents" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Voir les statistiques" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Ajouter un produit" })).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
      if (!phone) await checkPhoneLayout(page, `roles-${role}-dashboard`);

      // A screen the role may not open, by its address: the refused page in the admin shell, never an empty screen.
      await page.goto(REFUSED[role]);
      await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("refused-screen")).toContainText(`Votre rôle (${ROLE_NAMES[role]}) ne permet pas d'ouvrir cet écran.`);
      await expectNoAxeViolations(page);
      if (!phone) await checkPhoneLayout(page, `roles-${role}-refused`);
      await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
      expect(refused).toEqual([]);
    });
  }
}

test("a user stored before roles is read again from the server before any screen shows", async ({ page, api, request }) => {
  const session = await accountWith(api, request, "sales");
  await openAs(page, session, "/admin", { withoutRole: true });
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(await sidebarEntries(page, false)).toHaveText(SIDEBAR.sales);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "{}").role)).toBe("sales");
});

async function createProduct(api: Api): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  const name = unique("Ulva lecture");
  const product: ProductInput = {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Description courte.",
    shortDescriptionEn: "Short description.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive: false,
    contentBlocks: [{ type: "text", contentFr: "Bloc lu", contentEn: "Read block", order: 0 }],
  };
  return api.post<Product>("/api/products", product);
}

for (const width of [1280, 375]) {
  test(`sales at ${width} px: the products are read-only`, async ({ page, api, request }) => {
    const product = await createProduct(api);
    const session = await accountWith(api, request, "sales");
    const refused = refusals(page);
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, session, "/admin/products");
    await page.getByLabel("Rechercher un produit").fill(product.nameFr);
    const row = page.getByTestId("product-row").filter({ visible: true }).filter({ hasText: product.nameFr });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Inactif");
    await expect(row.getByRole("switch")).toHaveCount(0);
    await expect(row.getByRole("checkbox")).toHaveCount(0);
    await expect(row.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Nouveau produit" })).toHaveCount(0);
    await expect(page.getByLabel(/^Tout sélectionner/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: `Voir : ${product.nameFr}` }).click();
    await expect(page.getByTestId("read-only-notice")).toBeVisible();
    await expect(page.locator("#product-nameFr")).toBeDisabled();
    await expect(page.locator("#product-nameFr")).toHaveValue(product.nameFr);
    await expect(page.locator("#product-categoryId")).toBeDisabled();
    await expect(page.getByRole("button", { name: /Enregistrer/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Aperçu/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Choisir une image|Remplacer l'image/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ajouter le document" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Retour à la liste" })).toBeVisible();
    await expectNoAxeViolations(page);
    if (width === 1280) await checkPhoneLayout(page, "roles-sales-product");

    // Its creation form is refused by address.
    await page.goto("/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible({ timeout: 30_000 });
    expect(refused).toEqual([]);
  });
}

test("Administrateurs: the role is chosen when adding, shown in each row, and changed from the row", async ({ page, api }) => {
  const email = `${unique("moved").replace(" ", "-")}@roles.e2e.test`;
  const created = await api.post<CreateAdminResponse>("/api/users", { email, mode: "password", role: "editor" });
  if (created.mode !== "password") throw new Error("expected a one-time password");
  await openAdmin(page, "/admin/users");
  const row = page.getByTestId("admin-row").filter({ visible: true }).filter({ hasText: email });
  await expect(row).toContainText("Éditeur du catalogue");

  await row.getByRole("button", { name: `Changer le rôle de ${email}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(email);
  // Before a choice: the confirm button fades in when enabled (its transition), and axe would measure it mid-fade.
  await expect(dialog.getByRole("button", { name: "Changer le rôle" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Nouveau rôle").selectOption("sales");
  await dialog.getByRole("button", { name: "Changer le rôle" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Commercial");
  await expect(page.getByTestId("feedback-status").filter({ hasText: `Rôle de ${email} : Commercial` })).toBeVisible();
  const stored = (await api.get<AdminAccount[]>("/api/users?limit=100")).find((account) => account._id === created.user._id);
  expect(stored?.role).toBe("sales");

  // The server's refusal (the last administrator keeps the role) is said as it is.
  await page.route("**/api/users/*/role", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ error: "last", code: "admin.cannot_demote_last" }),
    }),
  );
  await row.getByRole("button", { name: `Changer le rôle de ${email}` }).click();
  await dialog.getByLabel("Nouveau rôle").selectOption("editor");
  await dialog.getByRole("button", { name: "Changer le rôle" }).click();
  await expect(page.getByTestId("feedback-alert").filter({ hasText: "Le dernier administrateur garde son rôle" })).toBeVisible();
  await page.unroute("**/api/users/*/role");

  // Adding an account asks its role, for an invitation as for a one-time password.
  const invited = `${unique("invited").replace(" ", "-")}@roles.e2e.test`;
  await page.getByLabel(/^Adresse e-mail/).fill(invited);
  await page.getByLabel("Rôle", { exact: true }).selectOption("sales");
  await page.getByLabel(/Invitation par e-mail/).check();
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByTestId("invitation-row").filter({ visible: true }).filter({ hasText: invited })).toContainText("Commercial");
  await expect(page.locator('[data-feedback="success"]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await checkPhoneLayout(page, "roles-users");
});

test("Historique: filtered by role, each row says its author's role; other roles filter only what they read", async ({
  page,
  api,
  request,
}) => {
  const editor = await accountWith(api, request, "editor");
  const name = unique("Catégorie éditeur");
  const created = await request.post("/api/categories", {
    data: { slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), nameFr: name, nameEn: `${name} EN` },
    headers: { authorization: `Bearer ${editor.token}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openAdmin(page, "/admin/history");
  await page.getByLabel("Rôle", { exact: true }).selectOption("editor");
  const rows = page.getByTestId("history-row").filter({ visible: true });
  await expect(rows.filter({ hasText: name })).toContainText("Éditeur du catalogue");
  await expect
    .poll(async () => {
      const shown = await rows.allTextContents();
      return shown.length > 0 && shown.every((text) => text.includes("Éditeur du catalogue"));
    })
    .toBe(true);
  await expectNoAxeViolations(page);

  // The sales role has no author filter (the accounts are an administrator's), and only the types it reads.
  const sales = await accountWith(api, request, "sales");
  await openAs(page, sales, "/admin/history");
  await expect(page.getByLabel("Rôle", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Administrateur", { exact: true })).toHaveCount(0);
  const types = await page.locator("#history-type option").allTextContents();
  expect(types).toContain("Produit");
  expect(types).toContain("Message");
  for (const hidden of ["Bannière", "Paramètres du site", "Administrateur", "Compte"]) expect(types).not.toContain(hidden);
  await expectNoAxeViolations(page);
});
