import { LIMITS } from "@shared/limits";
import { openAdmin, pngFile, recordedProgress, recordProgress } from "./admin-helpers";
import { expect, test } from "./fixtures";

const FIELD = "#product-mainImageUrl";

test.describe("admin image upload field", () => {
  test("shows the preview at once, a progress bar driven by the real upload up to 100, then the completed state for about 1 s", async ({
    page,
  }) => {
    await openAdmin(page, "/admin/products/new");
    await recordProgress(page);
    // Hold the answer until the uploading stage has been seen (a timer would race a slow machine).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/upload/image**", async (route) => {
      await held;
      await route.continue();
    });
    const uploaded = page.waitForResponse((response) => response.url().includes("/api/upload/image") && response.status() === 201);
    await page.locator(FIELD).setInputFiles(await pngFile("progress.png", { width: 1200, height: 800 }));
    const preview = page.getByRole("img", { name: "Aperçu : Image principale" });
    await expect(preview).toHaveAttribute("src", /^blob:/);
    const bar = page.getByRole("progressbar", { name: "Envoi de l'image : Image principale" });
    await expect(bar).toBeVisible();
    release();
    await uploaded;
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText("Image envoyée")).toBeVisible();
    await expect(page.getByText("Image envoyée")).toBeHidden({ timeout: 3000 });
    await expect(bar).toBeHidden();

    const values = await recordedProgress(page);
    // 5 is set just before sending; the browser may paint the first send value (20) in the same frame.
    expect([5, 20]).toContain(values[0]);
    expect(values.at(-1)).toBe(100);
    expect(values.some((v) => v >= 20 && v <= 80)).toBe(true);
    expect(values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0))).toBe(true);
    await expect(page.getByRole("button", { name: "Remplacer l'image : Image principale" })).toBeVisible();
  });

  test("a file that is not an image is refused before sending", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    let sent = false;
    page.on("request", (request) => {
      if (request.url().includes("/api/upload/image")) sent = true;
    });
    await page.locator(FIELD).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(page.locator(`${FIELD}-error`)).toHaveText("Please select an image file");
    expect(sent).toBe(false);
  });

  test("an image over 10 MB is refused before sending", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    let sent = false;
    page.on("request", (request) => {
      if (request.url().includes("/api/upload/image")) sent = true;
    });
    await page.locator(FIELD).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(LIMITS.uploadMaxBytes + 1) });
    await expect(page.locator(`${FIELD}-error`)).toHaveText("Image size must be less than 10MB");
    expect(sent).toBe(false);
  });

  test("without a stored token the upload is refused before sending", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    // Any other read of the form (a lazily mounted picker on a busy machine) would go out without the token, come back
    // 401 and sign the page out before the upload is tried: from here on the API is unreachable, and none may be asked.
    const asked: string[] = [];
    await page.route("**/api/**", (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    await page.evaluate(() => localStorage.removeItem("authToken"));
    await page.locator(FIELD).setInputFiles(await pngFile("orphan.png"));
    await expect(page.locator(`${FIELD}-error`)).toHaveText("Authentication token not found");
    expect(asked.filter((url) => url.includes("/api/upload/image"))).toEqual([]);
  });

  test("the server's refusal message is shown (a file that only claims to be an image)", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    await page
      .locator(FIELD)
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("this is plain text, not a PNG") });
    await expect(page.locator(`${FIELD}-error`)).not.toBeEmpty();
    await expect(page.locator(`${FIELD}-error`)).not.toHaveText(/Upload failed with status/);
    await expect(page.getByRole("img", { name: "Aperçu : Image principale" })).toHaveCount(0);
  });

  test("removing the image during the upload aborts it: 'Upload cancelled', and nothing is pending any more", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    let reached = false;
    await page.route("**/api/upload/image**", async (route) => {
      reached = true;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue().catch(() => {});
    });
    await page.locator(FIELD).setInputFiles(await pngFile("cancel.png"));
    await expect(page.getByText("Upload en cours... (1)")).toBeVisible();
    await expect.poll(() => reached).toBe(true);
    await page.getByRole("button", { name: "Retirer l'image : Image principale" }).click();
    await expect(page.getByText("Upload cancelled")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Aperçu : Image principale" })).toHaveCount(0);
    await expect(page.getByText("Upload en cours...")).toHaveCount(0);
  });
});
