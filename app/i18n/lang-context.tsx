import type { Lang } from "@shared/company";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useLocation } from "react-router";
import { langFromSearch, localizedPath, type MessageKey, type MessageParams, translate } from "./lang";

type LangContextValue = {
  lang: Lang;
  t: (key: MessageKey, params?: MessageParams) => string;
  /** An internal path that keeps the active language. */
  href: (path: string) => string;
};

const LangContext = createContext<LangContextValue | null>(null);

/**
 * The active language lives in the URL (`?lang=en`, French without it): the server renders the page in it, every
 * internal link carries it, and the FR/EN toggle links to the same page in the other language.
 */
export function LangProvider({ children }: { children: ReactNode }) {
  const lang = langFromSearch(useLocation().search);
  const value = useMemo<LangContextValue>(
    () => ({
      lang,
      t: (key, params) => translate(lang, key, params),
      href: (path) => localizedPath(path, lang),
    }),
    [lang],
  );
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangContextValue {
  const value = useContext(LangContext);
  if (!value) throw new Error("useLang() must be used inside <LangProvider>");
  return value;
}
