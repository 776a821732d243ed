import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Settings } from "@shared/schemas/settings";
import { checkPhoneLayout, openAdmin } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

/** What the home page, its footer and the contact page's coordinates showed before the settings existed (captured from main). */
type Visible = { story: string; mission: string; contactBand: string; footer: string; contactAddress: string };
const BEFORE = JSON.parse(readFileSync(path.join(import.meta.dirname, "site-texts-before-settings.json"), "utf8")) as Record<
  "fr" | "en",
  Visible
>;

async function visibleTexts(page: Page, lang: "fr" | "en"): Promise<Visible> {
  const suffix = lang === "en" ? "?lang=en" : "";
  await page.goto(`/${suffix}`);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden parts left out) is what is compared
  const text = (selector: string) => page.locator(selector).first().innerText();
  const story = await text("section[aria-labelledby=story-title]");
  const mission = await text("section[aria-labelledby=mission-title]");
  const contactBand = await text("section[aria-labelledby=contact-band-title]");
  // The footer without its link lists (the categories of this run's database differ from the captured one; the legal
  // pages' links came after the capture, as editable pages).
  const footer = await page.evaluate(() => {
    const copy = document.querySelector("footer")?.cloneNode(true);
    if (!(copy instanceof HTMLElement)) return "";
    for (const nav of copy.querySelectorAll("nav")) nav.remove();
    document.body.append(copy);
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden parts left out) is what is compared
    const shown = copy.innerText;
    copy.remove();
    return shown;
  });
  await page.goto(`/contact${suffix}`);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden parts left out) is what is compared
  const contactAddress = await page.locator("main address").first().innerText();
  return { story, mission, contactBand, footer, contactAddress };
}

/** Puts the settings back as they were, so the other specs of this worker see the first texts. */
async function restore(api: Api, original: Settings): Promise<void> {
  const current = await api.get<Settings>("/api/settings");
  const { updatedAt: _updatedAt, ...document } = original;
  await api.put("/api/settings", { ...document, version: current.version });
}

test.describe("site settings", () => {
  test("before any edit, the home page, footer and contact page show exactly the texts they showed before settings existed", async ({
    page,
  }) => {
    for (const lang of ["fr", "en"] as const) expect(await visibleTexts(page, lang), lang).toEqual(BEFORE[lang]);
  });

  test("a phone number and a value title edited in /admin/settings show on the home page and footer, in French and English, on the next request", async ({
    page,
    api,
    browser,
    request,
  }) => {
    const original = await api.get<Settings>("/api/settings");
    try {
      // Warm the server's public cache first (the save must clear it), from outside the browser: `page.request` would
      // fill the browser's own HTTP cache, which keeps a page for a minute (Cache-Control max-age=60).
      for (const url of ["/", "/?lang=en"]) expect((await request.get(url)).status()).toBe(200);
      await openAdmin(page, "/admin/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Paramètres du site" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Paramètres du site" }).first()).toBeVisible();
      await page.getByLabel(/^Numéro 1/).fill("+216 71 234 567");
      const valueTitle = page.getByRole("group", { name: "Valeur 2" });
      await valueTitle.getByLabel("Titre (Français)").fill("Exactitude mesurée");
      await valueTitle.getByLabel("Titre (Anglais)").fill("Measured accuracy");
      await page.getByRole("button", { name: "Enregistrer" }).click();
      await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
      // The next request answers the change (the server's cache was cleared). A fresh browser context, so that the
      // browser's own HTTP cache (a minute, Cache-Control max-age=60) does not answer instead.
      const fresh = await browser.newContext();
      const visitor = await fresh.newPage();
      for (const lang of ["fr", "en"] as const) {
        await visitor.goto(lang === "en" ? "/?lang=en" : "/");
        await expect(visitor.getByRole("heading", { name: lang === "en" ? "Measured accuracy" : "Exactitude mesurée" })).toBeVisible();
        const phone = visitor.locator("footer").getByRole("link", { name: /\+216 71 234 567/ });
        await expect(phone).toHaveAttribute("href", "tel:+21671234567");
        await expect(visitor.locator("footer")).toContainText(lang === "en" ? "Phone" : "Téléphone");
      }
      await fresh.close();
    } finally {
      await restore(api, original);
    }
  });

  test("timeline entries are added, moved with the keyboard and removed; a stale save shows the conflict notice", async ({ page, api }) => {
    const original = await api.get<Settings>("/api/settings");
    try {
      await openAdmin(page, "/admin/settings");
      await page.getByRole("button", { name: "Ajouter une étape" }).click();
      const fourth = page.locator("li").filter({ has: page.getByText("Étape 4", { exact: true }) });
      await fourth.getByLabel("Période (Français)").fill("2030");
      await fourth.getByLabel("Période (Anglais)").fill("2030");
      await fourth.getByLabel("Titre (Français)").fill("Demain");
      await fourth.getByLabel("Titre (Anglais)").fill("Tomorrow");
      await fourth.getByLabel("Texte (Français)").fill("La suite.");
      await fourth.getByLabel("Texte (Anglais)").fill("What comes next.");
      // Keyboard only: focus "move entry 4 up", press Enter; the focus follows the entry to its new place.
      await page.getByRole("button", { name: "Monter Étape 4" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Monter Étape 3" })).toBeFocused();
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Supprimer Étape 1" }).click();

      // Someone else saves meanwhile.
      const other = await api.get<Settings>("/api/settings");
      const { updatedAt: _u, ...document } = other;
      await api.put("/api/settings", { ...document, footer: { ...document.footer, credit: { fr: "Autre", en: "Other" } } });

      await page.getByRole("button", { name: "Enregistrer" }).click();
      await expect(page.getByTestId("edit-conflict")).toBeVisible();
      await page.getByRole("button", { name: "Recharger" }).click();
      await expect(page.getByTestId("edit-conflict")).toBeHidden();
      await expect(page.getByText("Étape 4", { exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Ajouter une étape" }).click();
      await page.getByRole("button", { name: "Supprimer Étape 4" }).click();
      await page.getByRole("button", { name: "Monter Étape 3" }).click();
      await page.getByRole("button", { name: "Enregistrer" }).click();
      await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
      const saved = await api.get<Settings>("/api/settings");
      const titles = saved.home.story.entries.map((entry) => entry.title.fr);
      const first = original.home.story.entries.map((entry) => entry.title.fr);
      expect(titles).toEqual([first[0], first[2], first[1]]);
      expect(saved.footer.credit.fr).toBe("Autre");
    } finally {
      await restore(api, original);
    }
  });

  test("the screen has no axe violations at 1280 and 375 px and does not scroll sideways on a phone", async ({ page }) => {
    await openAdmin(page, "/admin/settings");
    await expect(page.getByRole("button", { name: "Enregistrer" })).toBeVisible();
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "settings");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  });
});
