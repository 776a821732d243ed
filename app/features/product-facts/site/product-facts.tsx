import type { Lang } from "@shared/company";
import { type ProductFacts as Facts, shownFacts } from "@shared/product-facts";
import { ProductSection } from "~/components/site/product-section";
import { translate } from "~/i18n/texts";
import { FACT_TEXTS } from "../texts";

/**
 * The key-facts table of the product page (decision 0110): only the facts that are set, in the page's language
 * (French when the English text is empty), as a description list — one line per fact, the name above its value on a
 * phone, beside it from `sm` up. Server-rendered, no JavaScript; nothing at all when no fact is set.
 */
export function ProductFacts({ product, lang, ink }: { product: Facts; lang: Lang; ink: string }) {
  const facts = shownFacts(product, lang);
  if (facts.length === 0) return null;
  return (
    <ProductSection id="facts-title" title={translate(FACT_TEXTS, lang, "tableTitle")} ink={ink} testId="product-facts">
      <dl className="divide-y divide-slate-200 border-y border-slate-200">
        {facts.map((fact) => (
          <div key={fact.key} className="grid gap-1 py-3 sm:grid-cols-[14rem_1fr] sm:gap-6">
            <dt className="font-semibold text-navy">{translate(FACT_TEXTS, lang, fact.key)}</dt>
            <dd lang={fact.lang} className="break-words text-slate-700">
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </ProductSection>
  );
}
