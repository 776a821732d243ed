import type { MailBrand } from "./brand";
import { type MailContent, mailText, type RenderedMail } from "./content";

/**
 * Both parts of a mail from its one content: the text part as `mailText` writes it, the HTML part in the layout. The
 * layout (react-email) is loaded with the first mail, not at start (issue 34: a server holds only what it uses).
 */
export async function renderMail(brand: MailBrand, content: MailContent): Promise<RenderedMail> {
  const { mailHtml } = await import("./html");
  return { subject: content.subject, text: mailText(content), html: await mailHtml(brand, content) };
}
