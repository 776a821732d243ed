import { expect, test } from "./fixtures";

test("the server-rendered home page shows the categories stored in the database", async ({ page, request }) => {
  const categories = (await (await request.get("/api/categories")).json()) as { nameFr: string }[];
  expect(categories.length).toBeGreaterThan(0);
  await page.goto("/");
  for (const category of categories) {
    await expect(page.getByText(category.nameFr).first()).toBeVisible();
  }
});

test("an unknown API path answers a JSON 404, not the home page", async ({ page }) => {
  for (const [method, url] of [
    ["GET", "/api/nope"],
    ["GET", "/api"],
    ["POST", "/api/nope/deeper"],
  ] as const) {
    const response = await page.request.fetch(url, { method, maxRedirects: 0 });
    expect(response.status(), `${method} ${url}`).toBe(404);
    expect(response.headers()["cache-control"], `${method} ${url}`).toBe("no-store");
    expect(await response.json(), `${method} ${url}`).toEqual({
      error: `Not found: ${method} ${url}`,
      code: "route_not_found",
      params: { method, path: url },
    });
  }
});
