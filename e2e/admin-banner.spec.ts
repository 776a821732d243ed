import type { Banner } from "@shared/schemas/banner";
import { checkPhoneLayout, openAdmin, pngFile, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, inParallel, test } from "./fixtures";

test.describe("admin banners", () => {
  test("the standard banner has no delete button, and no second standard banner is offered", async ({ page, api }) => {
    const banners = await api.get<Banner[]>("/api/banners");
    const standard = banners.find((b) => b.isDefault);
    expect(standard).toBeDefined();
    await openAdmin(page, "/admin/banner");
    const row = page
      .getByTestId("banner-row")
      .filter({ visible: true })
      .filter({ hasText: standard?.titleFr ?? "" });
    await expect(row).toContainText("Standard");
    await expect(row.getByRole("button", { name: /^Modifier/ })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Supprimer/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Créer la bannière standard" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("saving lists the missing required fields, then a banner with uploaded images is created, activated, edited and deleted", async ({
    page,
    api,
  }) => {
    // Many steps (uploads, create, activate, edit, delete): on a loaded machine it took 40 s of the 60 s.
    test.slow();
    const title = unique("Salon Vitafoods");
    await openAdmin(page, "/admin/banner");
    await page.getByRole("button", { name: "Nouvelle bannière événementielle" }).click();
    await expect(page.getByRole("heading", { name: "Nouvelle bannière événementielle" })).toBeVisible();

    await page.getByLabel("Titre (FR)").fill("   ");
    await page.getByRole("button", { name: "Enregistrer la bannière" }).click();
    const missing = page.getByRole("alertdialog", { name: "Champs obligatoires manquants" });
    for (const field of ["Image desktop (FR)", "Image desktop (EN)", "Titre (FR)", "Titre (EN)", "Description (FR)", "Description (EN)"]) {
      await expect(missing).toContainText(field);
    }
    await expect(missing).not.toContainText("Image mobile");
    await page.keyboard.press("Escape");
    await expect(missing).toBeHidden();

    await page.getByLabel("Titre (FR)").fill(title);
    await page.getByLabel("Titre (EN)").fill(`${title} EN`);
    await page.getByLabel("Description (FR)").fill("Retrouvez-nous au salon, stand B12.");
    await expect(page.getByText("35/500")).toBeVisible();
    await page.getByLabel("Description (EN)").fill("Meet us at the fair, booth B12.");
    await page.locator("#banner-imageUrlFr").setInputFiles(await pngFile("salon-fr.png", { width: 1600, height: 600, color: "#184CA0" }));
    await expect(page.getByRole("img", { name: "Aperçu : Image desktop (FR)" })).toBeVisible();
    await page.locator("#banner-imageUrlEn").setInputFiles(await pngFile("salon-en.png", { width: 1600, height: 600, color: "#00592E" }));
    await expect(page.getByText("Upload en cours...")).toBeHidden();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enregistrer la bannière" }).click();
    await expect(page.getByText("Opération réussie !")).toBeVisible();
    await expect(page.getByText("Opération réussie !")).toBeHidden({ timeout: 4000 });

    let created = (await api.get<Banner[]>("/api/banners")).find((b) => b.titleFr === title);
    expect(created).toMatchObject({
      titleEn: `${title} EN`,
      isDefault: false,
      isActive: false,
      imageUrlFrMobile: null,
      imageUrlEnMobile: null,
    });
    expect(created?.imageUrlFr).toMatch(/^\/uploads\//);
    expect(created?.imageUrlEn).toMatch(/^\/uploads\//);
    const row = page.getByTestId("banner-row").filter({ visible: true }).filter({ hasText: title });
    await expect(row).toContainText("Événement");
    await expect(row).toContainText("Inactive");

    // Activation: exactly one banner stays active.
    await row.getByRole("button", { name: `Activer : ${title}` }).click();
    await expect(row).toContainText("Active");
    await expect(row.getByRole("button", { name: /^Activer/ })).toHaveCount(0);
    // The switch shows at once (optimistic); the server follows.
    await expect
      .poll(async () => (await api.get<Banner[]>("/api/banners")).filter((b) => b.isActive).map((b) => b.titleFr))
      .toEqual([title]);
    const banners = await api.get<Banner[]>("/api/banners");
    await expect(
      page
        .getByTestId("banner-row")
        .filter({ visible: true })
        .filter({ has: page.getByText("Active", { exact: true }) }),
    ).toHaveCount(1);

    // Editing keeps the active and default flags.
    await row.getByRole("button", { name: `Modifier : ${title}` }).click();
    await expect(page.getByRole("heading", { name: "Modifier la bannière" })).toBeVisible();
    await expect(page.getByLabel("Titre (FR)")).toHaveValue(title);
    await page.getByLabel("Description (FR)").fill("Retrouvez-nous au salon, stand C7.");
    await page.getByRole("button", { name: "Enregistrer la bannière" }).click();
    // The activation's success message may still be up: the stored banner says when the edit has landed.
    await expect(page.getByRole("heading", { name: "Modifier la bannière" })).toBeHidden();
    await expect
      .poll(async () => (await api.get<Banner[]>("/api/banners")).find((b) => b.titleFr === title)?.descriptionFr)
      .toBe("Retrouvez-nous au salon, stand C7.");
    created = (await api.get<Banner[]>("/api/banners")).find((b) => b.titleFr === title);
    expect(created).toMatchObject({ isActive: true, isDefault: false });

    // Hand the front page back to the standard banner, then delete ours after confirming.
    const standard = banners.find((b) => b.isDefault);
    await page.getByRole("button", { name: `Activer : ${standard?.titleFr}` }).click();
    await expect(row).toContainText("Inactive");
    await expect
      .poll(async () => (await api.get<Banner[]>("/api/banners")).filter((b) => b.isActive).map((b) => b._id))
      .toEqual([standard?._id]);

    await row.getByRole("button", { name: `Supprimer : ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer la bannière" });
    await expect(confirm).toContainText("irréversible");
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Supprimer : ${title}` }).click();
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(row).toHaveCount(0);
    expect((await api.get<Banner[]>("/api/banners")).some((b) => b.titleFr === title)).toBe(false);
  });

  test("saving is refused with the spec's alert while an image is still uploading", async ({ page }) => {
    await openAdmin(page, "/admin/banner");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/upload/image**", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByRole("button", { name: "Nouvelle bannière événementielle" }).click();
    await page.locator("#banner-imageUrlFr").setInputFiles(await pngFile("slow.png"));
    await expect(page.getByText("Upload en cours... (1)")).toBeVisible();
    await page.getByRole("button", { name: "Enregistrer la bannière" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      "Veuillez attendre que tous les uploads d'images soient terminés avant de sauvegarder.",
    );
    await page.getByRole("button", { name: "OK" }).click();
    release();
    await expect(page.getByText("Upload en cours... (1)")).toBeHidden();
    await page.getByRole("button", { name: "Annuler" }).click();
  });

  test("a description is limited to 500 characters with a live counter", async ({ page }) => {
    await openAdmin(page, "/admin/banner");
    await page.getByRole("button", { name: "Nouvelle bannière événementielle" }).click();
    await page.getByLabel("Description (EN)").fill("x".repeat(600));
    await expect(page.getByLabel("Description (EN)")).toHaveValue("x".repeat(500));
    await expect(page.getByText("500/500")).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
  });

  test("years of seasons: the first page shows the standard banner then the newest 49, and Charger plus shows the rest", async ({
    page,
    api,
  }) => {
    test.slow();
    const before = await api.get<Banner[]>("/api/banners?limit=200");
    const standard = before.find((b) => b.isDefault);
    const season = unique("Saison");
    const created: Banner[] = [];
    try {
      const add = async (i: number) => {
        const banner = await api.post<Banner>("/api/banners", {
          imageUrlFr: standard?.imageUrlFr,
          imageUrlEn: standard?.imageUrlEn,
          titleFr: `${season} ${String(i).padStart(2, "0")}`,
          titleEn: `${season} ${i}`,
          descriptionFr: "Une saison",
          descriptionEn: "A season",
          isDefault: false,
          isActive: false,
        });
        created.push(banner);
      };
      // The oldest first and the newest last, alone: the list shows the newest first.
      await add(0);
      await inParallel(
        Array.from({ length: 50 }, (_, i) => i + 1),
        add,
      );
      await add(51);
      const total = before.length + created.length;
      await openAdmin(page, "/admin/banner");
      const rows = page.getByTestId("banner-row").filter({ visible: true });
      await expect(rows).toHaveCount(50);
      await expect(rows.first()).toContainText(standard?.titleFr ?? "");
      await expect(rows.nth(1)).toContainText(`${season} 51`);
      await expect(page.getByText(`50 bannières affichées sur ${total}`)).toBeVisible();
      await page.getByRole("button", { name: "Charger plus" }).click();
      await expect(rows).toHaveCount(total);
      await expect(page.getByRole("button", { name: "Charger plus" })).toHaveCount(0);
      await expect(rows.filter({ hasText: `${season} 00` })).toHaveCount(1);
    } finally {
      await inParallel(created, (banner) => api.delete(`/api/banners/${banner._id}`));
    }
  });

  test("looks right at 375 px and 1280 px, list and form", async ({ page }) => {
    await openAdmin(page, "/admin/banner");
    await checkPhoneLayout(page, "banner-list");
    await page.getByRole("button", { name: "Nouvelle bannière événementielle" }).click();
    await checkPhoneLayout(page, "banner-form");
  });
});
