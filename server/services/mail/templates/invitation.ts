import { COMPANY } from "@shared/company";
import { ADMIN_SECURITY } from "@shared/schemas/admin-security";
import type { MailBrand } from "./brand";
import type { RenderedMail } from "./content";
import { renderMail } from "./render";

export type InvitationInput = {
  brand: MailBrand;
  /** The one-time link that opens the invitation. */
  link: string;
  /** The inviting administrator's e-mail address. */
  invitedBy: string;
  /** The role's name in both languages (shared/roles.ts `ROLE_LABELS`). */
  roleLabels: { fr: string; en: string };
};

/** An invitation to manage the site: French first, then English, since the invitee's language is not known. */
export function invitationMail({ brand, link, invitedBy, roleLabels }: InvitationInput): Promise<RenderedMail> {
  const hours = ADMIN_SECURITY.invitationHours;
  const invites = `${invitedBy} vous invite à gérer le site ${COMPANY.name} (rôle : ${roleLabels.fr}).`;
  return renderMail(brand, {
    lang: "fr",
    subject: `Invitation à administrer le site ${COMPANY.name} / Invitation to manage the ${COMPANY.name} website`,
    preview: invites,
    blocks: [
      { kind: "paragraph", lines: ["Bonjour,"] },
      {
        kind: "paragraph",
        lines: [invites, `Choisissez votre mot de passe en ouvrant ce lien (valable ${hours} heures, une seule fois) :`],
      },
      { kind: "button", href: link, label: "Choisir mon mot de passe / Choose my password", showHref: true },
      { kind: "paragraph", lines: ["Si vous n'attendiez pas cette invitation, ignorez ce message."] },
      { kind: "separator" },
      {
        kind: "paragraph",
        lang: "en",
        lines: [
          `${invitedBy} invites you to manage the ${COMPANY.name} website (role: ${roleLabels.en}).`,
          `Choose your password at the link above (valid ${hours} hours, once).`,
        ],
      },
    ],
    finalNewline: true,
  });
}
