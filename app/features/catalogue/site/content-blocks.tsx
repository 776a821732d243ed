import type { Lang } from "@shared/company";
import type { ContentBlock } from "@shared/schemas/content-block";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { RichText } from "~/components/site/rich-text";
import { langAttr, localizedText, shownIn } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { isEmptyTable, SpecTable } from "./spec-table";

function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their position
        <p key={index} className="whitespace-pre-line text-pretty [&+p]:mt-5">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

const PROSE = "text-base leading-7 text-slate-800 sm:text-lg sm:leading-8";

/**
 * A block's text in the page's language, or the other one when it is empty (then marked with its `lang`): its rich
 * document when it has one (decision 0102), else the plain text as paragraphs.
 */
function BlockText({ block, lang, className }: { block: ContentBlock; lang: Lang; className: string }) {
  const shown = localizedText(block, "content", lang);
  if (!shown.value) return null;
  const rich = shown.lang === "en" ? block.richEn : block.richFr;
  return (
    <div lang={langAttr(shown, lang)}>
      {rich ? <RichText doc={rich} className={className} /> : <Paragraphs text={shown.value} className={className} />}
    </div>
  );
}

/** The block's table in the page's language, or in the other one when it is empty in the page's. */
const shownTable = (block: ContentBlock, lang: Lang) => (block.tableData ? shownIn(block.tableData, lang, isEmptyTable) : null);

/** Whether a block shows anything in `lang` (with the other language's fallback): a section of empty blocks is not shown. */
export function blockShows(block: ContentBlock, lang: Lang): boolean {
  switch (block.type) {
    case "text":
      return Boolean(localizedText(block, "content", lang).value);
    case "image":
      return Boolean(block.imageUrl);
    case "text-image":
      return Boolean(block.imageUrl || localizedText(block, "content", lang).value);
    case "table": {
      const table = shownTable(block, lang);
      return Boolean(table && !isEmptyTable(table.value));
    }
  }
}

function Block({ block, lang, productName, ink }: { block: ContentBlock; lang: Lang; productName: string; ink: string }) {
  const caption = localizedText(block, "content", lang);
  const text = caption.value;
  switch (block.type) {
    case "text":
      return <BlockText block={block} lang={lang} className={`${PROSE} max-w-prose`} />;
    case "image":
      if (!block.imageUrl) return null;
      return (
        <figure>
          <ResponsiveImage
            src={block.imageUrl}
            alt={text || productName}
            sizes="(min-width: 1024px) 768px, 100vw"
            className="h-auto w-full rounded-2xl bg-sand object-cover"
          />
          {/* The caption is the image's alt text already: shown, not read twice. */}
          {text && (
            <figcaption aria-hidden="true" lang={langAttr(caption, lang)} className="mt-3 text-sm text-slate-600">
              {text}
            </figcaption>
          )}
        </figure>
      );
    case "text-image":
      return (
        <div className="grid items-center gap-8 md:grid-cols-2">
          {block.imageUrl && (
            <ResponsiveImage
              src={block.imageUrl}
              alt={productName}
              sizes="(min-width: 1024px) 384px, (min-width: 768px) 50vw, 100vw"
              className="aspect-[4/3] w-full rounded-2xl bg-sand object-cover"
            />
          )}
          <BlockText block={block} lang={lang} className={PROSE} />
        </div>
      );
    case "table": {
      const table = shownTable(block, lang);
      if (!table) return null;
      return <SpecTable title={text} titleLang={langAttr(caption, lang)} table={table.value} lang={langAttr(table, lang)} ink={ink} />;
    }
  }
}

/** The product's content blocks, in order, in the active language. */
export function ContentBlocks({ blocks, productName, ink }: { blocks: ContentBlock[]; productName: string; ink: string }) {
  const { lang } = useLang();
  const ordered = blocks.filter((block) => blockShows(block, lang)).sort((a, b) => a.order - b.order);
  return (
    <div className="space-y-12">
      {ordered.map((block) => (
        <Block key={block._id} block={block} lang={lang} productName={productName} ink={ink} />
      ))}
    </div>
  );
}
