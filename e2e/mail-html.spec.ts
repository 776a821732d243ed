import type { Page } from "@playwright/test";
import type { ContactSubmission } from "@shared/schemas/contact";
import { unique } from "./admin-helpers";
import { axeViolations } from "./axe";
import { expect, type ReceivedMail, receivedMails, test } from "./fixtures";

/** The mail clients' widths the HTML part must fit: a phone's webmail and a desktop client's reading pane. */
const WIDTHS = [375, 600] as const;

/** Axe's WCAG rules on the mail as a client shows it (the document is the mail, so no landmark rules). */
async function expectReadable(page: Page, label: string): Promise<void> {
  const summary = await axeViolations(page, ["wcag2a", "wcag2aa", "wcag21aa"]);
  expect(summary, `${label}\n${summary.join("\n")}`).toEqual([]);
}

async function mailFor(predicate: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  await expect.poll(() => receivedMails().some(predicate)).toBe(true);
  const mail = receivedMails().find(predicate);
  if (!mail) throw new Error("mail not received");
  return mail;
}

test.describe("the HTML part of the mails the site sends (decision 0116)", () => {
  test("fits a 375 and a 600 px client, in light and dark mode and with images off, with axe 0", async ({ page, request, api }) => {
    const email = `${unique("html-buyer")
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "")}@example.com`;
    // The form's signed render time: a buyer's confirmation goes only to a message filled in the site's own form.
    const form = await (await request.get("/contact")).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(form)?.[1] ?? "";
    expect(formToken).not.toBe("");
    const posted = await request.post("/api/contact", {
      data: {
        formToken,
        fullName: "Zoé Müller",
        email,
        phone: "",
        subject: "A very long subject about Ulva lactuca powder for a cosmetic serum, 200 kg",
        message: "Hello,\nCould you send the CoA? https://example.com/a-very-long-link-that-must-wrap-inside-the-mail-not-overflow",
        lang: "en",
      },
    });
    expect(posted.status()).toBe(201);
    const submission = (await posted.json()) as ContactSubmission;
    await api.post(`/api/contact/${submission._id}/reply`, { replyMessage: "Dear Zoé,\nPlease find our offer below.\n\nBest regards" });
    const mails = [
      await mailFor((m) => m.envelopeTo.includes(email) && m.subject.startsWith("We received your message")),
      await mailFor((m) => m.envelopeTo.includes(email) && m.subject.startsWith("Re: ")),
      await mailFor((m) => m.subject.startsWith("Nouveau message de contact") && m.replyTo.includes(email)),
    ];
    for (const mail of mails) {
      expect(mail.html, mail.subject).toContain("<html");
      expect(mail.text.length, mail.subject).toBeGreaterThan(0);
      // Images off: the logo is never loaded here (its address is the configured site's), so its alt text stands in.
      await page.route("**/*.png", (route) => route.abort());
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.setContent(mail.html);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${mail.subject} at ${width} px, ${scheme}`).toBeLessThanOrEqual(0);
          await expect(page.locator("img").first()).toHaveAttribute("alt", /Marine Algae/);
          await expectReadable(page, `${mail.subject} at ${width} px, ${scheme}`);
        }
      }
    }
    // The reply is written in the thread's language, quoting the buyer in it.
    expect(mails[1]?.text).toMatch(/On \d{1,2} \w{3} \d{4} \d{2}:\d{2}, Zoé Müller wrote:/);
  });
});
