import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Lang } from "../../shared/company";
import { langFromSearch, localizedPath, type MessageKey, type MessageParams, translate } from "./lang";

type LangContextValue = {
  lang: Lang;
  /** Switches every text at once, without reloading data (the loaders return both languages). */
  setLang: (lang: Lang) => void;
  t: (key: MessageKey, params?: MessageParams) => string;
  /** An internal path that keeps the active language. */
  href: (path: string) => string;
};

const LangContext = createContext<LangContextValue | null>(null);

/**
 * The active language lives in the current URL (`?lang=en`, French without it): the server renders the same language
 * the browser shows, links carry it, and switching replaces the history entry without fetching anything.
 */
export function LangProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const lang = langFromSearch(location.search);

  const setLang = useCallback(
    (next: Lang) => {
      if (next === lang) return;
      const target = localizedPath(`${location.pathname}${location.search}${location.hash}`, next);
      void navigate(target, { replace: true, preventScrollReset: true });
    },
    [lang, location.pathname, location.search, location.hash, navigate],
  );

  const value = useMemo<LangContextValue>(
    () => ({
      lang,
      setLang,
      t: (key, params) => translate(lang, key, params),
      href: (path) => localizedPath(path, lang),
    }),
    [lang, setLang],
  );
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangContextValue {
  const value = useContext(LangContext);
  if (!value) throw new Error("useLang() must be used inside <LangProvider>");
  return value;
}
