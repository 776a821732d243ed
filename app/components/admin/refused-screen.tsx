import { ROLE_LABELS } from "@shared/roles";
import { ArrowLeft, ShieldX } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useRole } from "~/lib/admin/access";

/**
 * In place of a screen the signed-in role may not open (a typed or kept address): says so, names the role and leads
 * back to the dashboard. The screen itself is not rendered, so it asks the server nothing it would refuse.
 */
export function RefusedScreen() {
  const t = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const role = useRole();
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center" data-testid="refused-screen">
      <ShieldX className="size-10 text-red-700" aria-hidden="true" />
      <p className="text-navy">{t("refused.text", { role: ROLE_LABELS[role][lang] })}</p>
      <ButtonLink to="/admin" variant="secondary">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("refused.back")}
      </ButtonLink>
    </Card>
  );
}
