import type { Lang } from "@shared/company";
import type { PublicDocument } from "@shared/documents";
import { type RegulatoryFacts, shownRegulatoryFacts } from "@shared/regulatory-facts";
import type { UseItem } from "@shared/resources/uses";
import { FileText } from "lucide-react";
import { ProductSection } from "~/components/site/product-section";
import { translate } from "~/i18n/texts";
import { REGULATORY_TEXTS } from "../regulatory-texts";

/**
 * The product page's "Informations réglementaires" / "Regulatory information" band (decision 0124): the set facts only,
 * in the page's language (the other one, with its `lang`, where a statement is written in one language only), and the
 * Nagoya/ABS document as a download link when it is public. Server-rendered, no JavaScript; nothing when no fact is set.
 */
export function ProductRegulatory({
  product,
  documents,
  lang,
  ink,
}: {
  product: RegulatoryFacts;
  documents: PublicDocument[];
  lang: Lang;
  ink: string;
}) {
  const facts = shownRegulatoryFacts(product, lang);
  const nagoyaDocument = documents.find((document) => document._id === product.nagoyaDocumentId && document.url);
  if (facts.length === 0 && !nagoyaDocument) return null;
  const link = nagoyaDocument?.url ? (
    <a href={nagoyaDocument.url} className="inline-flex items-center gap-1.5 font-medium text-navy underline underline-offset-4">
      <FileText className="size-4" aria-hidden="true" />
      {translate(REGULATORY_TEXTS, lang, "nagoyaDocumentLink")}
    </a>
  ) : null;
  const nagoyaShown = facts.some((fact) => fact.key === "nagoya");
  return (
    <ProductSection id="regulatory-title" title={translate(REGULATORY_TEXTS, lang, "pageTitle")} ink={ink} testId="product-regulatory">
      <dl className="divide-y divide-slate-200 border-y border-slate-200">
        {facts.map((fact) => (
          <div key={fact.key} className="grid gap-1 py-3 sm:grid-cols-[14rem_1fr] sm:gap-6">
            <dt className="font-semibold text-navy">{fact.label}</dt>
            <dd className="break-words text-slate-700">
              <span lang={fact.lang}>{fact.value}</span>
              {fact.key === "nagoya" && link && <span className="mt-2 block">{link}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {!nagoyaShown && link && <p className="mt-4">{link}</p>}
    </ProductSection>
  );
}

/** The product page's "Applications et fonctions" band: two short lists, in the product's order; nothing when both are empty. */
export function ProductUses({
  applications,
  functions,
  lang,
  ink,
}: {
  applications: UseItem[];
  functions: UseItem[];
  lang: Lang;
  ink: string;
}) {
  if (applications.length === 0 && functions.length === 0) return null;
  const group = (key: "applications" | "functions", items: UseItem[]) =>
    items.length > 0 && (
      <div>
        <h3 className="font-semibold text-navy">{translate(REGULATORY_TEXTS, lang, key)}</h3>
        <ul className="mt-3 flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item._id} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700">
              {lang === "fr" ? item.nameFr : item.nameEn}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <ProductSection id="uses-title" title={translate(REGULATORY_TEXTS, lang, "usesPageTitle")} ink={ink} testId="product-uses">
      <div className="grid gap-6 sm:grid-cols-2">
        {group("applications", applications)}
        {group("functions", functions)}
      </div>
    </ProductSection>
  );
}
