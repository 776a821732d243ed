import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { conflictCurrent, isEditConflict } from "~/lib/admin/api";
import { errorText } from "~/lib/admin/error-texts";

/**
 * Shown by a form whose save was refused because someone else changed the item (409, `details.reason: "version"`).
 * What the admin typed stays in the form until they choose "Recharger", which hands the stored item to `onReload`.
 */
export function ConflictNotice<T>({ error, onReload }: { error: unknown; onReload: (current: T) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const conflict = isEditConflict(error);
  useEffect(() => {
    if (conflict) ref.current?.scrollIntoView({ block: "nearest" });
  }, [conflict]);
  if (!conflict) return null;
  const current = conflictCurrent<T>(error);
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="edit-conflict"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">{errorText({ code: "edit_conflict" }, lang)}</p>
      <p className="mt-1">{t("conflict.keep")}</p>
      {current && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => onReload(current)}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t("conflict.reload")}
        </Button>
      )}
    </div>
  );
}
