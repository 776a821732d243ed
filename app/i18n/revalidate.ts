import type { ShouldRevalidateFunctionArgs } from "react-router";
import { onlyLangChanged } from "./lang";

/** `shouldRevalidate` of the public routes: switching language changes only `?lang`, and the data holds both languages. */
export function keepDataOnLangSwitch({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return onlyLangChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}
