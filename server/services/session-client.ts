/**
 * The browser family of a user agent, the only part of it a session keeps (with the device class, see visit-facts.ts):
 * enough for an administrator to recognise "Firefox on a phone" in the sessions list. Order matters: Edge and Opera
 * also announce Chrome, and Chrome announces Safari.
 */
const FAMILIES: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

export function browserFamily(userAgent: string): string {
  if (!userAgent) return "";
  return FAMILIES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Autre / Other";
}
