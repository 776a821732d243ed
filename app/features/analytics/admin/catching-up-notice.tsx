import type { Lang } from "@shared/company";
import type { CatchingUp } from "@shared/schemas/analytics";
import { Hourglass } from "lucide-react";
import { Card } from "~/components/ui/card";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { ANALYTICS_TEXTS } from "./texts";

const DATE_LOCALES: Record<Lang, string> = { fr: "fr-FR", en: "en-GB" };

/** "2025-06-12" → "12 juin 2025" / "12 June 2025" (the UTC day itself, whatever the browser's zone). */
function longDay(day: string, lang: Lang): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/**
 * Said above statistics that leave out past days still being counted (the first start after an upgrade onto years of
 * visits, decision 0091); nothing when the answer is complete. The screens read their data again meanwhile (api.ts).
 */
export function CatchingUpNotice({ catchingUp }: { catchingUp: CatchingUp | undefined }) {
  const t = useTexts(ANALYTICS_TEXTS);
  const lang = useScreenLang();
  if (!catchingUp) return null;
  return (
    <Card
      role="status"
      data-testid="catching-up-notice"
      className="flex items-start gap-3 border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Hourglass className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{t("catchingUp", { date: longDay(catchingUp.through, lang) })}</p>
    </Card>
  );
}
