import { parseUploadUrl } from "@shared/images";
import { TIMINGS } from "@shared/limits";
import type { Banner } from "@shared/schemas/banner";
import type { Partner } from "@shared/schemas/partner";
import { BANNER_SITE_TEXTS } from "../app/features/banners/site/texts";
import { PARTNER_SITE_TEXTS } from "../app/features/partners/site/texts";
import { translate } from "../app/i18n/texts";
import { type Api, expect, test } from "./fixtures";
import { type Uploaded, uniqueSlug, uploadImage } from "./site-helpers";

const hash = (image: Uploaded) => parseUploadUrl(image.url)?.hash ?? "missing";

/** Puts back the banner that was active before the test (the activation switch; no stale version sent). */
async function restoreActive(api: Api, previous: Banner | undefined): Promise<void> {
  if (!previous) return;
  await api.patch(`/api/banners/${previous._id}`, { isActive: true });
}

test("the hero shows the active banner's image chosen by language and screen width, prioritised", async ({ api, browser }) => {
  const [frDesktop, enDesktop, frMobile, enMobile] = await Promise.all([
    uploadImage(api, { width: 1600, height: 700, color: "#184CA0" }),
    uploadImage(api, { width: 1600, height: 700, color: "#00592E" }),
    uploadImage(api, { width: 800, height: 1000, color: "#CE5619" }),
    uploadImage(api, { width: 800, height: 1000, color: "#2B7A9B" }),
  ]);
  const previous = (await api.get<Banner[]>("/api/banners")).find((b) => b.isActive);
  const banner = await api.post<Banner>("/api/banners", {
    imageUrlFr: frDesktop.url,
    imageUrlEn: enDesktop.url,
    imageUrlFrMobile: frMobile.url,
    imageUrlEnMobile: enMobile.url,
    titleFr: `Bannière ${uniqueSlug("fr")}`,
    titleEn: `Banner ${uniqueSlug("en")}`,
    descriptionFr: "Description de la bannière de test.",
    descriptionEn: "Description of the test banner.",
    isActive: true,
  });
  try {
    const cases = [
      { width: 1280, lang: "fr", expected: frDesktop, title: banner.titleFr },
      { width: 1280, lang: "en", expected: enDesktop, title: banner.titleEn },
      { width: 375, lang: "fr", expected: frMobile, title: banner.titleFr },
      { width: 375, lang: "en", expected: enMobile, title: banner.titleEn },
    ] as const;
    for (const { width, lang, expected, title } of cases) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(lang === "en" ? "/?lang=en" : "/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const img = page.locator("section[aria-labelledby=hero-title] picture img");
      await expect(img).toHaveAttribute("fetchpriority", "high");
      await expect(img).toHaveAttribute("loading", "eager");
      await expect(img).toHaveAttribute("src", lang === "en" ? enDesktop.url : frDesktop.url);
      await expect(page.locator("section[aria-labelledby=hero-title] picture source").first()).toHaveAttribute(
        "media",
        "(max-width: 767px)",
      );
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc), { message: `${lang} at ${width}px` })
        .toContain(hash(expected));
      await context.close();
    }

    // The button (an in-page link) scrolls to the products section.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: translate(BANNER_SITE_TEXTS, "fr", "cta") }).click();
    await expect(page.locator("#products")).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await context.close();

    // No active banner: no hero (a fresh context, so the browser's HTTP cache does not answer).
    const { _id, createdAt: _c, updatedAt: _u, isDefault: _d, ...fields } = banner;
    await api.put(`/api/banners/${_id}`, { ...fields, isActive: false });
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const withoutBanner = await fresh.newPage();
    await withoutBanner.goto("/");
    await expect(withoutBanner.locator("section[aria-labelledby=hero-title]")).toHaveCount(0);
    await expect(withoutBanner.getByRole("heading", { level: 1 })).toHaveCount(1);
    await fresh.close();
  } finally {
    await api.delete(`/api/banners/${banner._id}`);
    await restoreActive(api, previous);
  }
});

test.describe("partner carousel", () => {
  let partners: Partner[] = [];

  test.beforeAll(async ({ api }) => {
    const logo = await uploadImage(api, { width: 320, height: 128, color: "#0b1f33" });
    partners = [
      await api.post<Partner>("/api/partners", {
        name: `Partner ${uniqueSlug("ok")}`,
        logoUrl: logo.url,
        websiteUrl: `https://${uniqueSlug("p")}.example.com/`,
        orderIndex: 0,
      }),
      await api.post<Partner>("/api/partners", {
        name: `Broken ${uniqueSlug("logo")}`,
        logoUrl: "/uploads/algues/0000000000000000-320x128.png",
        websiteUrl: `https://${uniqueSlug("b")}.example.com/`,
        orderIndex: 0,
      }),
    ];
  });
  test.afterAll(async ({ api }) => {
    for (const partner of partners) await api.delete(`/api/partners/${partner._id}`);
  });

  test("each logo opens the partner site in a new tab safely, and a logo that fails to load is replaced by a placeholder", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.locator("section[aria-labelledby=partners-title]");
    await section.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await expect(section.getByRole("heading", { name: translate(PARTNER_SITE_TEXTS, "fr", "title") })).toBeVisible();
    for (const partner of partners) {
      const link = section.getByRole("link", { name: translate(PARTNER_SITE_TEXTS, "fr", "visit", { name: partner.name }) });
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute("href", partner.websiteUrl);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    const broken = section
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: translate(PARTNER_SITE_TEXTS, "fr", "visit", { name: partners[1]?.name ?? "" }) }) });
    await expect(broken.locator("[data-placeholder]")).toBeVisible();
    await expect(broken.locator("img")).toHaveCount(0);
  });

  test("the carousel loops every 30 s and pauses on hover, on keyboard focus and with its pause button", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const track = page.getByTestId("partner-track");
    const state = () => track.evaluate((el) => el.getAnimations()[0]?.playState ?? "none");
    await expect.poll(state).toBe("running");
    expect(await track.evaluate((el) => el.getAnimations()[0]?.effect?.getTiming().duration)).toBe(TIMINGS.partnerCarouselLoop);

    await track.hover({ force: true });
    await expect.poll(state).toBe("paused");
    await page.mouse.move(0, 0);
    await expect.poll(state).toBe("running");

    await page.locator("section[aria-labelledby=partners-title] ul a").first().focus();
    await expect.poll(state).toBe("paused");
    await page.locator("body").focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(state).toBe("running");

    await page.getByRole("button", { name: translate(PARTNER_SITE_TEXTS, "fr", "pause") }).click();
    await page.mouse.move(0, 0);
    await expect.poll(state).toBe("paused");
    await page.getByRole("button", { name: translate(PARTNER_SITE_TEXTS, "fr", "play") }).click();
    await expect.poll(state).toBe("running");
  });

  test("the carousel stands still when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const track = page.getByTestId("partner-track");
    await expect(track.getByRole("link").first()).toBeVisible();
    await expect.poll(() => track.evaluate((el) => el.getAnimations().length)).toBe(0);
    await expect(page.getByRole("button", { name: translate(PARTNER_SITE_TEXTS, "fr", "pause") })).toHaveCount(0);
  });
});
