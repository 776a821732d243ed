import { useLang } from "~/i18n/lang-context";
import { cn } from "~/lib/cn";
import { LANGUAGES } from "../../../shared/company";

/** FR / EN buttons; the pressed one is the active language. */
export function LanguageToggle({ className }: { className?: string }) {
  const { lang, setLang, t } = useLang();
  return (
    <fieldset className={cn("flex items-center rounded-full bg-slate-100 p-0.5", className)}>
      <legend className="sr-only">{t("lang.label")}</legend>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          title={t(code === "fr" ? "lang.fr" : "lang.en")}
          aria-pressed={lang === code}
          onClick={() => setLang(code)}
          className={cn(
            "h-8 min-w-9 rounded-full px-2 text-xs font-bold tracking-wider transition sm:min-w-10 sm:px-2.5",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy",
            lang === code ? "bg-navy text-white shadow-sm" : "text-slate-700 hover:text-navy",
          )}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
