import type { Partner } from "@shared/schemas/partner";
import { checkPhoneLayout, expectPagedListAccessible, openAdmin, pngFile, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, inParallel, test } from "./fixtures";

test.describe("admin partners (English interface)", () => {
  test("the table shows every column, a Visit link in a new tab and the status", async ({ page, api }) => {
    const partners = await api.get<Partner[]>("/api/partners?limit=200");
    await openAdmin(page, "/admin/partners");
    await expect(page.getByRole("heading", { level: 1, name: "Partner Management" })).toBeVisible();
    for (const header of ["Logo", "Name", "Website", "Order", "Status", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // The first page: 50 partners at most (decision 0092).
    await expect(page.getByTestId("partner-row").filter({ visible: true })).toHaveCount(Math.min(partners.length, 50));
    // The order column counts from 1, like the categories' (the stored index starts at 0).
    if (partners.length > 1) {
      const rows = page.getByTestId("partner-row").filter({ visible: true });
      await expect(rows.nth(0).getByRole("cell").nth(3)).toHaveText("1");
      await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("2");
    }
    const first = [...partners].sort((a, b) => a.orderIndex - b.orderIndex)[0];
    if (first) {
      const visit = page.getByRole("link", { name: `Visit ${first.name} website (opens in a new tab)` });
      await expect(visit).toHaveAttribute("href", first.websiteUrl);
      await expect(visit).toHaveAttribute("target", "_blank");
      await expect(page.getByRole("img", { name: `${first.name} logo` })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test("create, edit and delete a partner through the form", async ({ page, api }) => {
    // Many steps (logo upload, create, edit, delete): on a loaded machine it took 37 s of the 60 s.
    test.slow();
    const name = unique("Thalassa Foods");
    await openAdmin(page, "/admin/partners");
    await page.getByRole("button", { name: "Add Partner" }).click();
    await expect(page.getByRole("heading", { name: "Add New Partner" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Partner" })).toBeHidden();

    // Required fields are checked before anything is sent.
    await page.getByRole("button", { name: "Create Partner" }).click();
    await expect(page.getByText("This field is required")).toHaveCount(1);
    await expect(page.getByText("Invalid URL (http:// or https://)")).toBeVisible();
    await expect(page.getByText("Image is required")).toBeVisible();

    await page.getByLabel("Partner Name *").fill(name);
    await page.getByLabel("Website URL *").fill("not a url");
    await page.getByLabel("Order Index").fill("-1");
    await page.getByRole("button", { name: "Create Partner" }).click();
    await expect(page.getByText("Invalid URL (http:// or https://)")).toBeVisible();
    await expect(page.getByText("Order index must be 0 or more")).toBeVisible();
    await expect(page.getByText("Lower numbers appear first")).toBeVisible();

    await page.getByLabel("Website URL *").fill("https://thalassa-foods.example.com");
    await page.getByLabel("Order Index").fill("7");
    await page.locator("#partner-logo").setInputFiles(await pngFile("thalassa.png", { width: 300, height: 120, color: "#00592E" }));
    await expect(page.getByRole("progressbar", { name: /Partner Logo/ })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByLabel("Active (visible to public)")).toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Create Partner" }).click();
    // The back office's one feedback: a status message, no dialog to dismiss.
    await expect(page.getByTestId("feedback-status")).toContainText("Partner created successfully");
    await expect(page.getByRole("heading", { name: "Add New Partner" })).toBeHidden();

    const all = await api.get<Partner[]>("/api/partners?limit=200");
    const created = all.find((p) => p.name === name);
    expect(created).toMatchObject({ websiteUrl: "https://thalassa-foods.example.com", orderIndex: 7, isActive: true });
    expect(created?.logoUrl).toMatch(/^\/uploads\//);
    const row = page.getByTestId("partner-row").filter({ visible: true }).filter({ hasText: name });
    await expect(row).toContainText("Active");
    // The order column gives its place in the order (from 1), the Order Index being what sorts it.
    await expect(row.getByRole("cell").nth(3)).toHaveText(String(all.findIndex((p) => p.name === name) + 1));

    // Edit fills the form from the partner; the changes are stored.
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Edit Partner" })).toBeVisible();
    await expect(page.getByLabel("Partner Name *")).toHaveValue(name);
    await expect(page.getByLabel("Order Index")).toHaveValue("7");
    await page.getByLabel("Active (visible to public)").uncheck();
    await page.getByLabel("Order Index").fill("2");
    await page.getByRole("button", { name: "Update Partner" }).click();
    await expect(page.getByTestId("feedback-status")).toContainText("Partner updated successfully");
    await expect(row).toContainText("Inactive");
    const updated = await api.get<Partner>(`/api/partners/${created?._id}`);
    expect(updated).toMatchObject({ orderIndex: 2, isActive: false, name });

    // Cancel closes and resets the form.
    await page.getByRole("button", { name: "Add Partner" }).click();
    await page.getByLabel("Partner Name *").fill("Discarded");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Add Partner" }).click();
    await expect(page.getByLabel("Partner Name *")).toHaveValue("");
    await expect(page.getByLabel("Order Index")).toHaveValue("0");
    await page.getByRole("button", { name: "Cancel" }).click();

    // Delete asks first.
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete partner" });
    await expect(confirm).toContainText("Are you sure you want to delete this partner?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("feedback-status")).toContainText("Partner deleted successfully");
    await expect(row).toHaveCount(0);
    expect((await api.get<Partner[]>("/api/partners?limit=200")).some((p) => p.name === name)).toBe(false);
  });

  test("while the logo uploads the form warns, counts the upload and refuses to save", async ({ page }) => {
    await openAdmin(page, "/admin/partners");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/upload/image**", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByRole("button", { name: "Add Partner" }).click();
    await page.getByLabel("Partner Name *").fill(unique("Pending Upload"));
    await page.getByLabel("Website URL *").fill("https://pending.example.com");
    await page.locator("#partner-logo").setInputFiles(await pngFile("pending.png"));
    await expect(page.getByText("Wait for image upload to complete")).toBeVisible();
    const submit = page.getByRole("button", { name: "Uploading... (1)" });
    await expect(submit).toBeVisible();
    await submit.click();
    await expect(page.getByRole("alertdialog")).toContainText("Please wait for all image uploads to complete before saving.");
    await page.getByRole("button", { name: "OK" }).click();
    release();
    await expect(page.getByRole("button", { name: "Create Partner" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
  });

  test("looks right at 375 px and 1280 px, with the form open", async ({ page }) => {
    await openAdmin(page, "/admin/partners");
    await page.getByRole("button", { name: "Add Partner" }).click();
    await checkPhoneLayout(page, "partners");
  });

  test("more than one page: 50 partners, then Load more shows the rest (the last created among them), without axe violations at 1280 and 375 px", async ({
    page,
    api,
  }) => {
    test.slow();
    const prefix = unique("Paged Partner");
    const created: Partner[] = [];
    try {
      // Inactive (the carousel is not touched) and last in the order: the page boundary falls among them.
      const add = async (n: number) => {
        const partner = await api.post<Partner>("/api/partners", {
          name: `${prefix} ${String(n).padStart(2, "0")}`,
          logoUrl: "/uploads/algues/p.webp",
          websiteUrl: "https://paged.example.com",
          orderIndex: 99000,
          isActive: false,
        });
        created.push(partner);
      };
      await inParallel(
        Array.from({ length: 54 }, (_, n) => n),
        add,
      );
      await add(54); // the last created
      const total = (await api.get<Partner[]>("/api/partners?limit=200")).length;
      await openAdmin(page, "/admin/partners");
      const rows = page.getByTestId("partner-row").filter({ visible: true });
      await expect(rows).toHaveCount(50);
      const last = rows.filter({ hasText: `${prefix} 54` });
      await expect(last).toHaveCount(0);
      await expect(page.getByText(`50 of ${total} partners shown`)).toBeVisible();
      await expectPagedListAccessible(page);
      await page.getByRole("button", { name: "Load more" }).click();
      await expect(last).toBeVisible();
      await expect(rows).toHaveCount(total);
      await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
      await checkPhoneLayout(page, "partners-pages");
    } finally {
      await inParallel(created, (partner) => api.delete(`/api/partners/${partner._id}`));
    }
  });
});
