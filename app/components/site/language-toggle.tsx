import { LANGUAGES } from "@shared/company";
import { isPageHandle } from "@shared/page-handle";
import { useLocation, useMatches } from "react-router";
import { localizedPath } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { cn } from "~/lib/cn";

/**
 * The address of this page without its language: only the query parameters the page declares its own (its
 * `handle.params`), so a parameter somebody added to the address (`?utm_source=…`) never reaches the links of a page
 * the response cache keeps for every visitor.
 */
function ownAddress(pathname: string, search: string, matches: ReturnType<typeof useMatches>): string {
  const own = matches.flatMap((match) => (isPageHandle(match.handle) ? (match.handle.params ?? []) : []));
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of own) for (const value of given.getAll(name)) kept.append(name, value);
  return kept.size > 0 ? `${pathname}?${kept}` : pathname;
}

/** FR / EN as plain links to the same page in each language; the current one is marked. */
export function LanguageToggle({ className }: { className?: string }) {
  const { lang } = useLang();
  const t = useTexts(SITE_TEXTS);
  const { pathname, search } = useLocation();
  const address = ownAddress(pathname, search, useMatches());
  return (
    <fieldset className={cn("flex items-center rounded-full bg-slate-100 p-0.5", className)}>
      <legend className="sr-only">{t("lang.label")}</legend>
      {LANGUAGES.map((code) => (
        <a
          key={code}
          href={localizedPath(address, code)}
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
