import { render } from "@react-email/render";
import { Blocks } from "./blocks";
import type { MailBrand } from "./brand";
import { type MailContent, mailText, type RenderedMail } from "./content";
import { MailLayout } from "./layout";

/** Both parts of a mail from its one content: the text part as `mailText` writes it, the HTML part in the layout. */
export async function renderMail(brand: MailBrand, content: MailContent): Promise<RenderedMail> {
  const html = await render(
    <MailLayout brand={brand} lang={content.lang} subject={content.subject} preview={content.preview}>
      <Blocks blocks={content.blocks} />
    </MailLayout>,
  );
  return { subject: content.subject, text: mailText(content), html };
}
