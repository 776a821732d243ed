import { defineTexts } from "~/i18n/texts";

/** The partners' carousel on the home page. */
export const PARTNER_SITE_TEXTS = defineTexts({
  fr: {
    title: "Ils nous font confiance",
    visit: "{name} (nouvel onglet)",
    pause: "Mettre en pause le défilement des logos",
    play: "Reprendre le défilement des logos",
  },
  en: {
    title: "They trust us",
    visit: "{name} (new tab)",
    pause: "Pause the scrolling logos",
    play: "Resume the scrolling logos",
  },
});
