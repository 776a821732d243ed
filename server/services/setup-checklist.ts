import { isDeepStrictEqual } from "node:util";
import type { SetupItem } from "@shared/schemas/setup";
import type { PageKey } from "@shared/schemas/site-page";
import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { pages, users } from "../db/schema/index";
import { hasPlaceholders } from "../seed/legal-pages";
import type { SettingsService } from "./settings";

type Settings = Pick<SettingsService, "get">;

/** The company's contact facts as shipped (shared/settings-defaults.ts): still them means nobody filled them in. */
const shippedFacts = (company: typeof SITE_SETTINGS_DEFAULTS.company) => ({
  address: company.address,
  emails: company.emails,
  phones: company.phones,
});

const LEGAL: { key: PageKey; item: "legalNotice" | "privacyPolicy" }[] = [
  { key: "legal-notice", item: "legalNotice" },
  { key: "privacy-policy", item: "privacyPolicy" },
];

/**
 * What a new site still lacks (shared/schemas/setup.ts), read for the dashboard: each item is left out once done.
 * @param mailboxConfigured whether IMAP_URL is set (the server's own configuration, not something a screen sets).
 */
export function createSetupChecklist(db: Db, settings: Settings, mailboxConfigured: boolean) {
  return {
    /** The items left to do for the administrator `userId` (the second factor is theirs), in the checklist's order. */
    async todo(userId: string): Promise<SetupItem[]> {
      const [stored, legal, [admins], [reader]] = await Promise.all([
        settings.get(),
        db
          .select({ _id: pages._id, key: pages.key, isActive: pages.isActive, bodyFr: pages.bodyFr, bodyEn: pages.bodyEn })
          .from(pages)
          .where(
            inArray(
              pages.key,
              LEGAL.map((page) => page.key),
            ),
          ),
        db.select({ n: count() }).from(users).where(eq(users.role, "admin")),
        db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users._id, userId)).limit(1),
      ]);
      const todo: SetupItem[] = [];
      if (isDeepStrictEqual(shippedFacts(stored.company), shippedFacts(SITE_SETTINGS_DEFAULTS.company))) {
        todo.push({ key: "company", to: "/admin/settings" });
      }
      for (const { key, item } of LEGAL) {
        const page = legal.find((row) => row.key === key);
        // A legal page cannot be deleted (409 page.keyed_undeletable): one missing has nothing to edit.
        if (page && (!page.isActive || hasPlaceholders(page.bodyFr) || hasPlaceholders(page.bodyEn))) {
          todo.push({ key: item, to: `/admin/pages/edit/${page._id}` });
        }
      }
      if (stored.company.social.length === 0) todo.push({ key: "social", to: "/admin/settings" });
      if ((admins?.n ?? 0) < 2) todo.push({ key: "secondAdmin", to: "/admin/users" });
      if (!reader?.totpSecret) todo.push({ key: "twoFactor", to: "/admin/account" });
      if (!mailboxConfigured) todo.push({ key: "mailbox", to: "/admin/contacts" });
      return todo;
    },
  };
}
export type SetupChecklist = ReturnType<typeof createSetupChecklist>;
