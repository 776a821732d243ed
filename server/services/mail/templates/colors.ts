/**
 * The colours of the company's e-mails, from the site's palette (app/app.css `@theme`): navy text on white, a sand
 * page, the logo's blue for links and buttons. Dark mode turns the page navy and the text sand, links the logo's mint.
 * Every text colour keeps a contrast of at least 4.5:1 on the background it sits on, in both schemes (templates.test.ts).
 */
export const LIGHT = {
  /** Around the card: the site's sand. */
  page: "#f7f3ec",
  card: "#ffffff",
  border: "#e6dfd3",
  /** The site's navy. */
  text: "#0b1f33",
  muted: "#4b5b6b",
  /** The logo's blue (`--color-algae`). */
  link: "#184ca0",
  quoteBar: "#c9c1b3",
  button: "#184ca0",
  buttonText: "#ffffff",
} as const;

/** Applied by `@media (prefers-color-scheme: dark)` where the client honours it (Apple Mail, iOS, some webmails). */
export const DARK = {
  page: "#06111d",
  card: "#0f2236",
  border: "#2a3f55",
  text: "#f7f3ec",
  muted: "#b9c5d0",
  /** The logo's mint (`#9fd3c7`). */
  link: "#9fd3c7",
  quoteBar: "#4b6079",
  button: "#9fd3c7",
  buttonText: "#0b1f33",
} as const;

export type MailColors = { readonly [K in keyof typeof LIGHT]: string };

/** System fonts only: a mail loads nothing but its logo. Georgia echoes the site's serif display face (Fraunces). */
export const FONT = {
  body: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  display: "Georgia, 'Times New Roman', serif",
} as const;
