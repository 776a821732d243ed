import type { Locator, Page } from "@playwright/test";
import type { Banner } from "@shared/schemas/banner";
import type { Category } from "@shared/schemas/category";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { Partner } from "@shared/schemas/partner";
import type { Product } from "@shared/schemas/product";
import { openAdmin, unique } from "./admin-helpers";
import { type Api, expect, test } from "./fixtures";

/**
 * Drives a dialog by keyboard alone: open it from `opener` with Enter, close it with Escape, open it with Space,
 * close it with its cancel button (reached with Tab, pressed with Enter); focus must land on the opener each time.
 */
async function checkDialogByKeyboard(page: Page, opener: Locator, dialogName: string, cancelName: string) {
  const dialog = page.getByRole("alertdialog", { name: dialogName });
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole("button", { name: cancelName, exact: true });
  while (!(await cancel.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Opens the dialog with a click, closes it with Escape, then again with a click on its cancel button. */
async function checkDialogByMouse(page: Page, opener: Locator, dialogName: string, cancelName: string) {
  const dialog = page.getByRole("alertdialog", { name: dialogName });
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: cancelName, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

async function someMessage(api: Api): Promise<ContactSubmission> {
  return api.post<ContactSubmission>("/api/contact", {
    fullName: unique("Focus Sender"),
    email: "focus.sender@example.com",
    phone: "",
    subject: "Focus",
    message: "Bonjour, un message pour le test du focus.",
  });
}

/** Opens the message in the inbox with a click and returns the ticket's delete button. */
async function openMessage(page: Page, message: ContactSubmission): Promise<Locator> {
  await openAdmin(page, "/admin/contacts");
  const item = page.getByRole("button", { name: new RegExp(message.fullName) });
  await item.click();
  // Opening the message marks it read: wait until the list shows it, so the ticket is settled.
  await expect(item.getByText("Nouveau")).toBeHidden();
  return page.getByRole("region", { name: /^Ticket #/ }).getByRole("button", { name: "Supprimer", exact: true });
}

async function someProduct(api: Api): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  const name = unique("Focus Product");
  return api.post<Product>("/api/products", {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: name,
    shortDescriptionFr: "Courte.",
    shortDescriptionEn: "Short.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
  });
}

test.describe("dialogs give focus back to what opened them", () => {
  test("product list: the delete confirmation", async ({ page, api }) => {
    const product = await someProduct(api);
    await openAdmin(page, "/admin/products");
    const opener = page.getByRole("button", { name: `Supprimer : ${product.nameFr}` }).filter({ visible: true });
    await checkDialogByKeyboard(page, opener, "Supprimer le produit", "Annuler");
    await api.delete(`/api/products/${product._id}`);
  });

  test("banner screen: the delete confirmation and the missing-fields alert", async ({ page, api }) => {
    const title = unique("Focus Banner");
    const banner = await api.post<Banner>("/api/banners", {
      imageUrlFr: "https://example.com/fr.png",
      imageUrlEn: "https://example.com/en.png",
      titleFr: title,
      titleEn: title,
      descriptionFr: "Description.",
      descriptionEn: "Description.",
      isDefault: false,
      isActive: false,
    });
    await openAdmin(page, "/admin/banner");
    const remove = page.getByRole("button", { name: `Supprimer : ${title}` }).filter({ visible: true });
    await checkDialogByKeyboard(page, remove, "Supprimer la bannière", "Annuler");

    await page.getByRole("button", { name: "Nouvelle bannière événementielle" }).click();
    const submit = page.getByRole("button", { name: "Enregistrer la bannière" });
    await checkDialogByKeyboard(page, submit, "Champs obligatoires manquants", "OK");
    await api.delete(`/api/banners/${banner._id}`);
  });

  test("partner screen: the delete confirmation", async ({ page, api }) => {
    const name = unique("Focus Partner");
    const partner = await api.post<Partner>("/api/partners", {
      name,
      logoUrl: "https://example.com/logo.png",
      websiteUrl: "https://example.com",
      orderIndex: 0,
      isActive: true,
    });
    await openAdmin(page, "/admin/partners");
    const opener = page.getByRole("button", { name: `Delete ${name}` }).filter({ visible: true });
    await checkDialogByKeyboard(page, opener, "Delete partner", "Cancel");
    await api.delete(`/api/partners/${partner._id}`);
  });

  test("inbox: the delete confirmation of the open message", async ({ page, api }) => {
    const message = await someMessage(api);
    const remove = await openMessage(page, message);
    const dialog = page.getByRole("alertdialog", { name: "Supprimer le message" });

    // With the mouse, as an administrator would: click, then Escape.
    await remove.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();

    await checkDialogByKeyboard(page, remove, "Supprimer le message", "Annuler");
    await api.delete(`/api/contact/${message._id}`);
  });

  test("in a browser whose clicks do not focus buttons (Safari), a clicked opener still gets focus back", async ({ page, api }) => {
    await page.addInitScript(() => {
      document.addEventListener(
        "mousedown",
        (event) => {
          if (event.target instanceof Element && event.target.closest("button")) event.preventDefault();
        },
        true,
      );
    });
    const message = await someMessage(api);
    const product = await someProduct(api);
    const remove = await openMessage(page, message);
    await expect(remove).not.toBeFocused();
    await checkDialogByMouse(page, remove, "Supprimer le message", "Annuler");

    await page.goto("/admin/products");
    const removeProduct = page.getByRole("button", { name: `Supprimer : ${product.nameFr}` }).filter({ visible: true });
    await checkDialogByMouse(page, removeProduct, "Supprimer le produit", "Annuler");
    await api.delete(`/api/contact/${message._id}`);
    await api.delete(`/api/products/${product._id}`);
  });

  test("phone layout: the navigation drawer", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAdmin(page, "/admin");
    const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
    const drawer = page.getByRole("dialog", { name: "Menu de l'administration" });
    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.focus();
    await page.keyboard.press("Enter");
    await drawer.getByRole("button", { name: "Fermer le menu" }).click();
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
