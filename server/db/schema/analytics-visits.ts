import { LANGUAGES } from "@shared/company";
import { DEVICE_CLASSES } from "@shared/schemas/analytics";
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

/**
 * No cookie, no raw IP, no user agent: visitorHash is a daily-salted hash of IP + user agent, and `device` is only the
 * class read from the user agent when the visit was recorded. `referrerHost` is set for visits coming from another
 * site; `lang`, `utmSource` and `utmCampaign` come from the visited URL. Visits recorded before these columns have
 * them null (counted as unknown).
 */
export const analyticsVisits = pgTable(
  "analytics_visits",
  {
    _id: idColumn(),
    pagePath: text("page_path").notNull(),
    referrer: text("referrer").notNull().default(""),
    visitorHash: text("visitor_hash").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmCampaign: text("utm_campaign"),
    lang: text("lang", { enum: LANGUAGES }),
    device: text("device", { enum: DEVICE_CLASSES }),
    createdAt: createdAt(),
  },
  (t) => [index("visits_created_idx").on(t.createdAt)],
);
