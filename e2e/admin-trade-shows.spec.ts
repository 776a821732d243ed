import type { TradeShow } from "@shared/resources/trade-shows";
import { openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** Trade shows: the resource added by docs/how-to-add.md, its form drawn from its declaration. */
test.describe("trade shows", () => {
  test("an administrator adds one through the declared form; the home page shows it in both languages until switched off", async ({
    page,
    api,
  }) => {
    const nameFr = unique("Salon Vitafoods");
    const nameEn = nameFr.replace("Salon", "Show");
    await openAdmin(page, "/admin/trade-shows");
    await expect(page.getByRole("heading", { level: 1, name: "Salons" })).toBeVisible();
    await page.getByRole("button", { name: "Ajouter un salon" }).click();

    // The shared schema's checks, in French, before anything is sent.
    await page.getByRole("button", { name: "Enregistrer le salon" }).click();
    await expect(page.getByText("Ce champ est requis").first()).toBeVisible();

    await page.getByLabel("Nom du salon (FR)").fill(nameFr);
    await page.getByLabel("Nom du salon (EN)").fill(nameEn);
    await page.getByLabel("Ville et pays (FR)").fill("Genève, Suisse");
    await page.getByLabel("Ville et pays (EN)").fill("Geneva, Switzerland");
    await page.getByLabel("Premier jour").fill("2099-05-12");
    await page.getByLabel("Dernier jour").fill("2099-05-10");
    await page.getByLabel("Stand").fill("Hall 2 — C40");
    await page.getByRole("button", { name: "Enregistrer le salon" }).click();
    await expect(page.getByText("Le dernier jour suit le premier")).toBeVisible();
    await page.getByLabel("Dernier jour").fill("2099-05-14");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enregistrer le salon" }).click();
    await expect(page.getByText("Salon enregistré")).toBeVisible();
    await expect(page.getByTestId("trade-show-row").filter({ hasText: nameFr }).filter({ visible: true })).toBeVisible();

    const created = (await api.get<TradeShow[]>("/api/trade-shows?limit=200")).find((show) => show.nameFr === nameFr);
    expect(created).toMatchObject({
      cityFr: "Genève, Suisse",
      cityEn: "Geneva, Switzerland",
      startsOn: "2099-05-12",
      endsOn: "2099-05-14",
      isActive: true,
    });

    await page.goto("/");
    const section = page.getByRole("region", { name: "Rencontrons-nous" });
    await expect(section.getByRole("heading", { name: nameFr })).toBeVisible();
    await expect(section).toContainText("Genève, Suisse · stand Hall 2 — C40");
    await page.goto("/?lang=en");
    const meet = page.getByRole("region", { name: "Meet us" });
    await expect(meet.getByRole("heading", { name: nameEn })).toBeVisible();
    await expect(meet).toContainText("Geneva, Switzerland · booth Hall 2 — C40");

    // Switched off: the server's home page drops it at once (read past the browser's own cache, which keeps a page 60 s).
    await api.patch(`/api/trade-shows/${created?._id}`, { isActive: false });
    const home = await page.request.get("/");
    expect(home.status()).toBe(200);
    expect(await home.text()).not.toContain(nameFr);
    await api.delete(`/api/trade-shows/${created?._id}`);
  });
});
