import type { Lang } from "@shared/company";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useLocation } from "react-router";
import { langFromSearch, localizedPath } from "./lang";
import { ScreenLang } from "./screen-lang";

type LangContextValue = {
  lang: Lang;
  /** An internal path that keeps the active language. */
  href: (path: string) => string;
};

const LangContext = createContext<LangContextValue | null>(null);

/**
 * The active language lives in the URL (`?lang=en`, French without it): the server renders the page in it, every
 * internal link carries it, and the FR/EN toggle links to the same page in the other language. It is also the screen's
 * language, so public components read their feature's texts with `useTexts(…_SITE_TEXTS)` as the back office does.
 */
export function LangProvider({ children }: { children: ReactNode }) {
  const lang = langFromSearch(useLocation().search);
  const value = useMemo<LangContextValue>(() => ({ lang, href: (path) => localizedPath(path, lang) }), [lang]);
  return (
    <LangContext.Provider value={value}>
      <ScreenLang lang={lang}>{children}</ScreenLang>
    </LangContext.Provider>
  );
}

export function useLang(): LangContextValue {
  const value = useContext(LangContext);
  if (!value) throw new Error("useLang() must be used inside <LangProvider>");
  return value;
}
