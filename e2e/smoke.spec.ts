import { expect, test } from "./fixtures";

test("the server-rendered home page shows the categories stored in the database", async ({ page, request }) => {
  const categories = (await (await request.get("/api/categories")).json()) as { nameFr: string }[];
  expect(categories.length).toBeGreaterThan(0);
  await page.goto("/");
  for (const category of categories) {
    await expect(page.getByText(category.nameFr).first()).toBeVisible();
  }
});
