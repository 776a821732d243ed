import { COMPANY } from "@shared/company";
import type { SettingsData } from "@shared/schemas/settings";

/** Who a mail comes from, as its header and footer show it. */
export type MailBrand = {
  /** "Marine Algae of Tunisia", as the mails have always signed. */
  name: string;
  /** The absolute public origin (PUBLIC_URL), without a trailing slash. */
  siteUrl: string;
  /** The absolute URL of the logo (`/mail-logo.png`): a PNG, since Gmail and Outlook show no SVG. */
  logoUrl: string;
  address: string;
  /** The main phone number, the main e-mail address: the first of each in the settings. */
  phone: string;
  email: string;
};

export const MAIL_LOGO_PATH = "/mail-logo.png";
/** The size the logo is shown at, in CSS pixels; the file is twice as large, for high-density screens. */
export const MAIL_LOGO_SIZE = 40;

/** The brand of every mail, from the public origin and the site settings (address, main phone and e-mail). */
export function brandFrom(publicUrl: string, settings: SettingsData): MailBrand {
  const siteUrl = publicUrl.replace(/\/+$/, "");
  return {
    name: `${COMPANY.name} ${COMPANY.tagline}`,
    siteUrl,
    logoUrl: `${siteUrl}${MAIL_LOGO_PATH}`,
    address: settings.company.address,
    phone: settings.company.phones[0]?.number ?? "",
    email: settings.company.emails[0]?.email ?? "",
  };
}
