import type { Page } from "@playwright/test";
import { checkPhoneLayout, openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";

test.describe.configure({ timeout: 90_000 });

/** The administrator's sidebar (docs/product.md, "Navigation"): its groups' headings and their entries, in order. */
const GROUPS: [heading: string | null, entries: string[]][] = [
  [null, ["Dashboard"]],
  [
    "Contenu",
    ["Produits", "Catégories", "Bannière", "Partenaires", "Certifications", "Salons", "Applications", "Fonctions", "Pages", "Médiathèque"],
  ],
  ["Acheteurs", ["Messages", "Analytics"]],
  ["Site", ["Paramètres du site", "Redirections"]],
  ["Sécurité", ["Administrateurs", "Historique", "Données personnelles"]],
];
const ENTRIES = GROUPS.flatMap(([, entries]) => entries);

const navigation = (page: Page) => page.getByRole("navigation", { name: "Navigation de l'administration" }).filter({ visible: true });

test("at 1280×720 every sidebar entry and its group's heading is on screen, the footer too, with no scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAdmin(page, "/admin");
  const nav = navigation(page);
  await expect(nav.getByRole("link")).toHaveText(ENTRIES);
  for (const [heading, entries] of GROUPS) {
    if (heading) await expect(nav.getByText(heading, { exact: true })).toBeInViewport({ ratio: 1 });
    for (const entry of entries) await expect(nav.getByRole("link", { name: entry, exact: true })).toBeInViewport({ ratio: 1 });
  }
  for (const name of ["Mon compte", "Retour au site"]) await expect(page.getByRole("link", { name })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeInViewport({ ratio: 1 });
  // Nothing hidden below: the list does not scroll, and says nothing is below.
  expect(await nav.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId("sidebar-more-below").first()).toHaveCSS("opacity", "0");
  await expectNoAxeViolations(page);
});

for (const address of ["/admin/redirects", "/admin/media"]) {
  test(`on ${address} the current entry is in view at 1280×720 and in the drawer at 375 px`, async ({ page }) => {
    const name = address.endsWith("media") ? "Médiathèque" : "Redirections";
    await page.setViewportSize({ width: 1280, height: 720 });
    await openAdmin(page, address);
    const current = navigation(page).getByRole("link", { name, exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, "admin-screens", `sidebar${address.replace(/\//g, "-")}-1280x720.png`, { fullPage: false });

    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu de l'administration" });
    await expect(drawer).toBeVisible();
    const inDrawer = drawer.getByRole("link", { name, exact: true });
    await expect(inDrawer).toHaveAttribute("aria-current", "page");
    await expect(inDrawer).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, "admin-screens", `drawer${address.replace(/\//g, "-")}-375.png`, { fullPage: false });
    await expectNoAxeViolations(page);
  });
}

test("at 375 px the drawer scrolls visibly and reaches every entry", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await openAdmin(page, "/admin");
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu de l'administration" });
  const nav = drawer.getByRole("navigation", { name: "Navigation de l'administration" });
  await expect(nav.getByRole("link")).toHaveText(ENTRIES);
  // More entries than the phone's height: a shade at the bottom says the list goes on, then at the top once scrolled.
  await expect(drawer.getByTestId("sidebar-more-below")).toHaveCSS("opacity", "1");
  await expect(drawer.getByTestId("sidebar-more-above")).toHaveCSS("opacity", "0");
  for (const entry of ENTRIES) {
    const link = nav.getByRole("link", { name: entry, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await expect(drawer.getByTestId("sidebar-more-above")).toHaveCSS("opacity", "1");
  await expectNoAxeViolations(page);
  await drawer.getByRole("link", { name: "Données personnelles", exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await checkPhoneLayout(page, "sidebar-privacy");
});
