import type { Page } from "@playwright/test";
import type { SitePage, SitePageRow } from "@shared/schemas/site-page";
import type { Editor } from "@tiptap/core";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** Whether the focused element shows a focus indicator: its own outline, or the ring of the editor's frame. */
async function focusShows(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return false;
    const own = getComputedStyle(element);
    if (own.outlineStyle !== "none" && own.outlineWidth !== "0px") return true;
    const frame = element.closest(".focus-within\\:ring-2");
    return frame !== null && getComputedStyle(frame).boxShadow !== "none";
  });
}

test.describe("admin pages", () => {
  test("the list shows the seeded legal pages, required by the site (no delete), at 375 and 1280 px with no axe violation", async ({
    page,
  }) => {
    await openAdmin(page, "/admin/pages");
    await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
    const legal = page.getByTestId("page-row").filter({ hasText: "Mentions légales" });
    await expect(legal).toBeVisible();
    await expect(legal.getByText("Requise par le site")).toBeVisible();
    await expect(legal.getByRole("button", { name: /Supprimer/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "pages-list");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/pages/new");
    await expect(page.getByRole("textbox", { name: "Texte (FR)" })).toBeVisible();
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "page-new");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  });

  test("keyboard walk through the rich-text editor: toolbar, marks, heading, link (unsafe address refused), saved and served", async ({
    page,
    api,
  }) => {
    test.slow();
    const title = unique("Conditions de vente");
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await openAdmin(page, "/admin/pages/new");
    await page.getByLabel("Titre (FR)").fill(title);
    await page.getByLabel("Titre (EN)").fill(`${title} EN`);
    await expect(page.getByLabel("Slug (FR)")).toHaveValue(slug);

    // From the last field before the texts, Tab reaches the French toolbar, then each button, then the text box.
    await page.getByLabel(/^Publiée/).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Paragraphe" }).first()).toBeFocused();
    expect(await focusShows(page)).toBe(true);
    const editor = page.getByRole("textbox", { name: "Texte (FR)" });
    for (let i = 0; i < 12 && !(await editor.evaluate((e) => e === document.activeElement)); i += 1) await page.keyboard.press("Tab");
    await expect(editor).toBeFocused();
    expect(await focusShows(page)).toBe(true);

    await page.keyboard.type("Bonjour ");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("gras");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Section");
    // The toolbar by keyboard: Shift+Tab leaves the text for the toolbar, arrows move along it, Enter applies.
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "Annuler" }).first()).toBeFocused();
    const heading = page.getByRole("button", { name: "Titre 2" }).first();
    for (let i = 0; i < 12 && !(await heading.evaluate((e) => e === document.activeElement)); i += 1)
      await page.keyboard.press("ArrowLeft");
    await expect(heading).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(heading).toHaveAttribute("aria-pressed", "true");
    await expect(editor).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("voir le site");
    // One key selects the line (single Shift+Arrow presses can be lost on a loaded machine).
    await page.keyboard.press("Shift+Home");
    // The editor takes the browser's selection on its next `selectionchange` event: moving focus before that (a loaded
    // machine) left the link with an empty selection to apply to.
    await expect
      .poll(() =>
        editor.evaluate((element) => {
          const { state } = (element as HTMLElement & { editor: Editor }).editor;
          return state.doc.textBetween(state.selection.from, state.selection.to);
        }),
      )
      .toBe("voir le site");
    await page.getByRole("button", { name: "Lien" }).first().focus();
    await page.keyboard.press("Enter");
    const address = page.getByLabel("Adresse (https://…, mailto:…, tel:… ou /page)");
    await expect(address).toBeFocused();
    await page.keyboard.type("javascript:alert(1)");
    await page.keyboard.press("Enter");
    await expect(page.getByText(/^Adresse refusée/)).toBeVisible();
    await address.fill("https://example.com/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await address.focus();
    await page.keyboard.press("Enter");
    await expect(editor).toBeFocused();
    await expect(editor.getByRole("link", { name: "voir le site" })).toBeVisible();
    await expect(page.getByText("31/50000 caractères visibles")).toBeVisible();

    await page.getByRole("textbox", { name: "Texte (EN)" }).click();
    await page.keyboard.type("Terms of sale");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Créer la page" }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);

    const rows = await api.get<SitePageRow[]>("/api/pages?limit=200");
    const row = rows.find((r) => r.titleFr === title);
    expect(row).toBeDefined();
    const stored = await api.get<SitePage>(`/api/pages/id/${row?._id}`);
    try {
      expect(stored.bodyFr).toEqual({
        type: "doc",
        content: [
          {
            type: "paragraph",
            content: [
              { type: "text", text: "Bonjour " },
              { type: "text", text: "gras", marks: [{ type: "bold" }] },
            ],
          },
          { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Section" }] },
          {
            type: "paragraph",
            content: [
              { type: "text", text: "voir le site", marks: [{ type: "link", attrs: { href: "https://example.com/", target: "_blank" } }] },
            ],
          },
        ],
      });
      await page.goto(`/page/${slug}`);
      await expect(page.getByRole("heading", { level: 2, name: "Section" })).toBeVisible();
      await expect(page.getByRole("link", { name: "voir le site" })).toHaveAttribute("rel", "noopener noreferrer");
      await expect(page.locator("strong", { hasText: "gras" })).toBeVisible();
    } finally {
      await api.delete(`/api/pages/${stored._id}`);
    }
  });
});
