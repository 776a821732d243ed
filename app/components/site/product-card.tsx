import type { ProductCard as ProductCardData } from "@shared/schemas/product";
import { ArrowRight } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { categoryAccent } from "~/components/site/accent";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { Badge } from "~/components/ui/badge";
import { langAttr, localizedText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { defineTexts } from "~/i18n/texts";

/** The card's own words, the same wherever products are listed (the product page, a category, the search results). */
export const PRODUCT_CARD_TEXTS = defineTexts({
  fr: { available: "Disponible", view: "Voir le produit" },
  en: { available: "Available", view: "View product" },
});

/**
 * Image, name, short description and the "Available" badge of an active product; the whole card links to it. Below the
 * features: the catalogue (similar products), the categories (a category's products) and the search results list it.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  actions,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  /** Controls of the list showing the card (the finder's "add to the pack"), above the card's own link. */
  actions?: ReactNode;
}) {
  const { lang, href } = useLang();
  const t = useTexts(PRODUCT_CARD_TEXTS);
  const { ink } = categoryAccent(product.category?.slug);
  const shownName = localizedText(product, "name", lang);
  const name = shownName.value;
  const description = localizedText(product, "shortDescription", lang);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-[var(--ink)]"
      style={{ "--ink": ink } as CSSProperties}
    >
      <div className="aspect-[4/3] overflow-hidden bg-sand">
        <ResponsiveImage
          src={product.mainImageUrl}
          alt={name}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        {product.isActive && (
          <Badge tone="success" className="self-start">
            <span aria-hidden="true" className="mr-1.5 size-1.5 rounded-full bg-emerald-600" />
            {t("available")}
          </Badge>
        )}
        <Heading lang={langAttr(shownName, lang)} className="mt-3 text-lg font-semibold text-navy">
          <Link to={href(`/product/${product.slug}`)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {name}
          </Link>
        </Heading>
        <p lang={langAttr(description, lang)} className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-700">
          {description.value}
        </p>
        <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-[var(--ink)]">
          {t("view")}
          <ArrowRight className="size-4 transition group-hover:translate-x-1" />
        </span>
        {actions && <div className="relative z-10 mt-4">{actions}</div>}
      </div>
    </article>
  );
}
