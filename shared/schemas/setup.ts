import { z } from "zod";

/**
 * The setup checklist of a new site (issue 32), in the order the dashboard lists it: the company's facts, the legal
 * notice and the privacy policy completed and published, social links, a second administrator, the reader's second
 * factor, the company mailbox (IMAP_URL). The server answers only the items left to do, each with the screen that does
 * it, and only to a role that may update the site settings (an administrator, decision 0114).
 */
export const SETUP_ITEMS = ["company", "legalNotice", "privacyPolicy", "social", "secondAdmin", "twoFactor", "mailbox"] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

export const setupItemSchema = z.object({ key: z.enum(SETUP_ITEMS), to: z.string() });
export type SetupItem = z.output<typeof setupItemSchema>;
