import type { ContactSubmission } from "@shared/schemas/contact";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { type TextKey, translate } from "../app/i18n/texts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueSlug } from "./site-helpers";

test("a message sent through the form arrives in the inbox with the phone as code + space + number, and the form resets", async ({
  page,
  api,
}) => {
  const fullName = `Visiteur ${uniqueSlug("e2e")}`;
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "fullName")).fill(fullName);
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "emailField")).fill("visitor@example.com");
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "phoneCode")).selectOption("+33");
  await page.getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "fr", "phoneField") }).fill("612345678");
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "subject")).fill("Demande d'échantillon");
  await page
    .getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "fr", "message"), exact: true })
    .fill("Bonjour, pourriez-vous m'envoyer un échantillon d'Ulva ?");

  // Hold the request until the sending state has been seen (a timer would race a slow machine).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "fr", "submit") }).click();
  const sending = page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "fr", "sending") });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByText(translate(CONTACT_SITE_TEXTS, "fr", "success"))).toBeVisible();
  await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "fullName"))).toHaveValue("");
  await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "phoneCode"))).toHaveValue("+216");
  await expect(page.getByText(translate(CONTACT_SITE_TEXTS, "fr", "success"))).toBeHidden({ timeout: 8000 });

  const submissions = await api.get<ContactSubmission[]>("/api/contact/submissions");
  const received = submissions.find((s) => s.fullName === fullName);
  expect(received?.phone).toBe("+33 612345678");
  expect(received?.email).toBe("visitor@example.com");
  expect(received?.subject).toBe("Demande d'échantillon");
});

test("without a phone number the phone is sent empty, and the English form works the same", async ({ page, api }) => {
  const fullName = `Visitor ${uniqueSlug("e2e")}`;
  await page.goto("/contact?lang=en");
  await page.waitForLoadState("networkidle");
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "fullName")).fill(fullName);
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "emailField")).fill("visitor@example.com");
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "subject")).fill("Quote");
  await page
    .getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "en", "message"), exact: true })
    .fill("Hello, I would like a quote for 200 kg of sea lettuce.");
  await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "en", "submit") }).click();
  await expect(page.getByText(translate(CONTACT_SITE_TEXTS, "en", "success"))).toBeVisible();
  const received = (await api.get<ContactSubmission[]>("/api/contact/submissions")).find((s) => s.fullName === fullName);
  expect(received?.phone).toBe("");
});

for (const lang of ["fr", "en"] as const) {
  test(`a server failure shows the spec's error toast in ${lang} for 3 s, which can be dismissed`, async ({ page }) => {
    const t = (key: TextKey<typeof CONTACT_SITE_TEXTS>) => translate(CONTACT_SITE_TEXTS, lang, key);
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }),
    );
    await page.goto(lang === "en" ? "/contact?lang=en" : "/contact");
    await page.waitForLoadState("networkidle");
    await page.getByLabel(t("fullName")).fill("Jane Doe");
    await page.getByLabel(t("emailField")).fill("jane@example.com");
    await page.getByLabel(t("subject")).fill("Subject");
    await page.getByRole("textbox", { name: t("message"), exact: true }).fill("Message");
    await page.getByRole("button", { name: t("submit") }).click();
    const toast = page.getByText(lang === "en" ? "An error occurred. Please try again." : "Une erreur est survenue. Veuillez réessayer.");
    await expect(toast).toBeVisible();
    await expect(page.getByLabel(t("fullName"))).toHaveValue("Jane Doe");
    await expect(toast).toBeHidden({ timeout: 8000 });

    await page.getByRole("button", { name: t("submit") }).click();
    await expect(toast).toBeVisible();
    await page.getByRole("button", { name: t("toastClose") }).click();
    await expect(toast).toBeHidden({ timeout: 1500 });
  });
}

test("invalid fields show inline errors tied to the fields, in the active language", async ({ page }) => {
  await page.goto("/contact?lang=en");
  await page.waitForLoadState("networkidle");
  await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "emailField")).fill("not-an-email");
  await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "en", "submit") }).click();
  const fullName = page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "fullName"));
  await expect(fullName).toHaveAttribute("aria-invalid", "true");
  await expect(fullName).toHaveAccessibleDescription(translate(CONTACT_SITE_TEXTS, "en", "errors.required"));
  await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "emailField"))).toHaveAccessibleDescription(
    translate(CONTACT_SITE_TEXTS, "en", "errors.email"),
  );
  await expect(page.getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "en", "message"), exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  // The other language is another page: the errors show again when the form is sent there.
  await page.getByRole("link", { name: "FR", exact: true }).click();
  await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "fr", "submit") }).click();
  await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "fullName"))).toHaveAccessibleDescription(
    translate(CONTACT_SITE_TEXTS, "fr", "errors.required"),
  );
});

test("the honeypot field is off-screen, hidden from screen readers and out of the tab order", async ({ page }) => {
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const honeypot = page.locator("input[name=website]");
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  expect(await honeypot.evaluate((el) => el.closest("[aria-hidden=true]") !== null)).toBe(true);
  const box = await honeypot.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
  await expect(page.getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "fr", "honeypot") })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  for (const lang of ["fr", "en"] as const) {
    test.describe(`the contact page at ${width} px in ${lang}`, () => {
      test.use({ viewport: { width, height: 900 } });

      test("fits its width: the request's heading inside its box, a compact phone code, the details panel sized to its content", async ({
        page,
      }) => {
        const t = (key: TextKey<typeof CONTACT_SITE_TEXTS>) => translate(CONTACT_SITE_TEXTS, lang, key);
        await page.goto(lang === "en" ? "/contact?lang=en" : "/contact");
        await page.waitForLoadState("networkidle");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const legend = await page.getByText(t("request.legend"), { exact: true }).boundingBox();
        const box = await page.getByRole("group", { name: t("request.legend") }).boundingBox();
        expect(legend && box && legend.y >= box.y && legend.x >= box.x && legend.x + legend.width <= box.x + box.width).toBe(true);
        await expect(page.locator("[data-phone-label]")).toHaveText("TN +216");
        const panel = await page.getByRole("complementary", { name: t("coordinates") }).boundingBox();
        const form = await page.locator("form[data-contact-form]").boundingBox();
        // Beside the form at 1280 (not stretched to its height), above it on a phone.
        if (width === 1280) expect((panel?.height ?? 0) < (form?.height ?? 0)).toBe(true);
        else expect((panel?.y ?? 0) < (form?.y ?? 0)).toBe(true);
        await expect(page.getByText(t("responseTime"), { exact: true })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  }
}
