import type { Category } from "@shared/schemas/category";
import { ArrowRight } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { categoryAccent } from "~/components/site/accent";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { langAttr, localizedText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { categorySummary } from "./category-intro";
import { CATEGORY_SITE_TEXTS } from "./texts";

/** A large image card in the category's colour, linking to its page. */
export function CategoryCard({ category }: { category: Category }) {
  const { lang, href } = useLang();
  const t = useTexts(CATEGORY_SITE_TEXTS);
  const { ink } = categoryAccent(category.slug);
  const shownName = localizedText(category, "name", lang);
  const name = shownName.value;
  const summary = categorySummary(category, lang);
  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-3xl bg-[var(--ink)] text-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-[var(--ink)]"
      style={{ "--ink": ink } as CSSProperties}
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-200">
        {category.coverImageUrl && (
          <ResponsiveImage
            src={category.coverImageUrl}
            alt={name}
            sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw"
            className="size-full object-cover transition duration-500 group-hover:scale-105"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <h3 lang={langAttr(shownName, lang)} className="font-display text-2xl font-semibold tracking-tight">
          <Link to={href(`/category/${category.slug}`)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {name}
          </Link>
        </h3>
        <p lang={langAttr(summary, lang)} className="mt-3 line-clamp-3 leading-relaxed text-white">
          {summary.value}
        </p>
        <span aria-hidden="true" className="mt-auto inline-flex items-center gap-2 pt-6 text-sm font-semibold">
          {t("card.cta")}
          <ArrowRight className="size-4 transition group-hover:translate-x-1" />
        </span>
      </div>
    </article>
  );
}
