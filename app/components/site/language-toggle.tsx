import { LANGUAGES } from "@shared/company";
import { useLocation } from "react-router";
import { localizedPath } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { cn } from "~/lib/cn";

/** FR / EN as plain links to the same page in each language; the current one is marked. */
export function LanguageToggle({ className }: { className?: string }) {
  const { lang } = useLang();
  const t = useTexts(SITE_TEXTS);
  const { pathname, search, hash } = useLocation();
  return (
    <fieldset className={cn("flex items-center rounded-full bg-slate-100 p-0.5", className)}>
      <legend className="sr-only">{t("lang.label")}</legend>
      {LANGUAGES.map((code) => (
        <a
          key={code}
          href={localizedPath(`${pathname}${search}${hash}`, code)}
          hrefLang={code}
          lang={code}
          title={t(code === "fr" ? "lang.fr" : "lang.en")}
          aria-current={lang === code ? "true" : undefined}
          className={cn(
            "inline-flex h-8 min-w-9 items-center justify-center rounded-full px-2 text-xs font-bold tracking-wider transition sm:min-w-10 sm:px-2.5",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy",
            lang === code ? "bg-navy text-white shadow-sm" : "text-slate-700 hover:text-navy",
          )}
        >
          {code.toUpperCase()}
        </a>
      ))}
    </fieldset>
  );
}
