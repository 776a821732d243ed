import { z } from "zod";
import { LIMITS } from "../limits";
import { PHONE_NUMBER_PATTERN } from "../phone-codes";
import { msg } from "../validation-messages";
import { httpUrlSchema, optionalText, requiredText, timestampSchema, versionSchema } from "./common";

/**
 * The site settings (issue 20): one document, stored whole in one row, read by every public page. The company's facts
 * (its name stays in shared/company.ts), the home page's texts and the footer's, each text in French and English.
 */

/** A text in both languages, each required. */
const bilingual = (max: number) => z.object({ fr: requiredText(max), en: requiredText(max) });
/** A text in both languages, each may be empty (then not shown). */
const optionalBilingual = (max: number) => z.object({ fr: optionalText(max), en: optionalText(max) });

/** An empty string ("none") or an absolute http(s) address. */
const optionalHttpUrl = z.union([z.literal(""), httpUrlSchema]);

/** The same rule as the contact form's phone number: digits, spaces, `+ ( ) . -`. */
export const phoneNumberSchema = requiredText(LIMITS.contactPhoneMax).refine((v) => PHONE_NUMBER_PATTERN.test(v), msg("phone.invalid"));

export const settingsPhoneSchema = z.object({ label: bilingual(LIMITS.settingsLabelMax), number: phoneNumberSchema });
export const settingsEmailSchema = z.object({
  label: bilingual(LIMITS.settingsLabelMax),
  email: z
    .string()
    .trim()
    .max(LIMITS.contactEmailMax)
    .pipe(z.email(msg("email.invalid"))),
});
export const settingsSocialSchema = z.object({ label: requiredText(LIMITS.settingsLabelMax), url: httpUrlSchema });
export const timelineEntrySchema = z.object({
  period: bilingual(LIMITS.settingsLabelMax),
  title: bilingual(LIMITS.nameMax),
  text: bilingual(LIMITS.settingsTextMax),
});
export const valueCardSchema = z.object({ title: bilingual(LIMITS.nameMax), text: bilingual(LIMITS.settingsTextMax) });

export const settingsDataSchema = z.object({
  company: z.object({
    address: requiredText(LIMITS.settingsAddressMax),
    /** The first is the main address: the one pages show first and the inbox names. */
    emails: z.array(settingsEmailSchema).min(1, msg("settings.emails_min")).max(LIMITS.settingsContactsMax),
    /** The first is the main number. */
    phones: z.array(settingsPhoneSchema).min(1, msg("settings.phones_min")).max(LIMITS.settingsContactsMax),
    hours: optionalBilingual(LIMITS.settingsTextMax),
    social: z.array(settingsSocialSchema).max(LIMITS.settingsSocialMax),
    mapUrl: optionalHttpUrl,
  }),
  home: z.object({
    /** The page's level-1 heading when no banner is active. */
    hero: bilingual(LIMITS.nameMax),
    story: z.object({
      eyebrow: bilingual(LIMITS.settingsLabelMax),
      title: bilingual(LIMITS.nameMax),
      intro: bilingual(LIMITS.settingsTextMax),
      entries: z.array(timelineEntrySchema).min(1, msg("settings.entries_min")).max(LIMITS.settingsTimelineMax),
    }),
    mission: z.object({
      eyebrow: bilingual(LIMITS.settingsLabelMax),
      title: bilingual(LIMITS.nameMax),
      text: bilingual(LIMITS.settingsTextMax),
    }),
    values: z.tuple([valueCardSchema, valueCardSchema, valueCardSchema]),
    /** The contact band closing the home page. */
    cta: z.object({
      title: bilingual(LIMITS.nameMax),
      text: bilingual(LIMITS.settingsTextMax),
      button: bilingual(LIMITS.settingsLabelMax),
    }),
  }),
  footer: z.object({
    about: bilingual(LIMITS.settingsTextMax),
    followText: bilingual(LIMITS.settingsTextMax),
    credit: bilingual(LIMITS.nameMax),
  }),
});
export type SettingsData = z.output<typeof settingsDataSchema>;

export const settingsInputSchema = settingsDataSchema.extend({
  /** The version the edit started from; a different stored version answers 409 with the stored settings. */
  version: versionSchema.optional(),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;
export type SettingsPayload = z.output<typeof settingsInputSchema>;

/** Answer schemas never trim or refuse: they describe what was stored. */
const text2 = z.object({ fr: z.string(), en: z.string() });
export const settingsSchema = z.object({
  company: z.object({
    address: z.string(),
    emails: z.array(z.object({ label: text2, email: z.string() })),
    phones: z.array(z.object({ label: text2, number: z.string() })),
    hours: text2,
    social: z.array(z.object({ label: z.string(), url: z.string() })),
    mapUrl: z.string(),
  }),
  home: z.object({
    hero: text2,
    story: z.object({
      eyebrow: text2,
      title: text2,
      intro: text2,
      entries: z.array(z.object({ period: text2, title: text2, text: text2 })),
    }),
    mission: z.object({ eyebrow: text2, title: text2, text: text2 }),
    values: z.array(z.object({ title: text2, text: text2 })),
    cta: z.object({ title: text2, text: text2, button: text2 }),
  }),
  footer: z.object({ about: text2, followText: text2, credit: text2 }),
  version: z.number(),
  updatedAt: timestampSchema,
});
export type Settings = z.output<typeof settingsSchema>;
/** What the service answers: the stored document (its value cards a tuple of three) with its version. */
export type StoredSettings = SettingsData & { version: number; updatedAt: string };
