import { ArrowLeft, Compass } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";

/** The "Category not found" / "Product not found" screen, with a link home. */
export function NotFoundScreen({ titleKey }: { titleKey: "notFound.category" | "notFound.product" | "notFound.page" }) {
  const { href } = useLang();
  const t = useTexts(SITE_TEXTS);
  return (
    <section aria-labelledby="not-found-title" className="bg-sand px-4 py-24 sm:py-32">
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-white text-teal-800 shadow-sm">
          <Compass className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-[0.2em] text-teal-800">404</p>
        <h1 id="not-found-title" className="mt-2 font-display text-4xl font-semibold tracking-tight text-navy">
          {t(titleKey)}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{t("notFound.text")}</p>
        <ButtonLink to={href("/")} size="lg" className="mt-8">
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t("notFound.back")}
        </ButtonLink>
      </div>
    </section>
  );
}
