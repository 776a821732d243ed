import { defineTexts } from "~/i18n/texts";

/** The product page's "Certifications" section (decision 0111). */
export const CERTIFICATION_SITE_TEXTS = defineTexts({
  fr: {
    title: "Certifications",
    body: "Organisme certificateur : {body}",
    validUntil: "valide jusqu'au {date}",
    verify: "Vérifier le certificat",
    newTab: "(nouvel onglet)",
  },
  en: {
    title: "Certifications",
    body: "Certifying body: {body}",
    validUntil: "valid until {date}",
    verify: "Verify the certificate",
    newTab: "(new tab)",
  },
});
