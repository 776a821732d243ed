import { render } from "@react-email/render";
import { Blocks } from "./blocks";
import type { MailBrand } from "./brand";
import type { MailContent } from "./content";
import { MailLayout } from "./layout";

/** The HTML part of a mail: its blocks in the branded layout, drawn by react-email. */
export function mailHtml(brand: MailBrand, content: MailContent): Promise<string> {
  return render(
    <MailLayout brand={brand} lang={content.lang} subject={content.subject} preview={content.preview}>
      <Blocks blocks={content.blocks} />
    </MailLayout>,
  );
}
