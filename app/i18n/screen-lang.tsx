import type { Lang } from "@shared/company";
import { createContext, type ReactNode, useCallback, useContext } from "react";
import { type TextKey, type TextParams, type Texts, translate } from "./texts";

/** The back office is in French (docs/product.md, "Languages"); a screen the product keeps in English says so. */
export const BACK_OFFICE_LANG: Lang = "fr";

const ScreenLangContext = createContext<Lang>(BACK_OFFICE_LANG);

/** Sets the language of the screen below it (the partners screen is in English). */
export function ScreenLang({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <ScreenLangContext.Provider value={lang}>{children}</ScreenLangContext.Provider>;
}

export function useScreenLang(): Lang {
  return useContext(ScreenLangContext);
}

/** `t(key, params)` over a feature's dictionary, in the screen's language. */
export function useTexts<T extends Texts>(texts: T): (key: TextKey<T>, params?: TextParams) => string {
  const lang = useScreenLang();
  return useCallback((key: TextKey<T>, params?: TextParams) => translate(texts, lang, key, params), [texts, lang]);
}
