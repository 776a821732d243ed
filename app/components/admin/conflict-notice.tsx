import type { Lang } from "@shared/company";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { CONFLICT_TEXTS } from "~/i18n/admin/texts";
import { conflictCurrent, isEditConflict } from "~/lib/admin/api";
import { errorText } from "~/lib/admin/error-texts";

/**
 * Shown by a form whose save was refused because someone else changed the item (409, `details.reason: "version"`).
 * What the admin typed stays in the form until they choose "Recharger", which hands the stored item to `onReload`.
 */
export function ConflictNotice<T>({ error, onReload, lang = "fr" }: { error: unknown; onReload: (current: T) => void; lang?: Lang }) {
  const ref = useRef<HTMLDivElement>(null);
  const conflict = isEditConflict(error);
  useEffect(() => {
    if (conflict) ref.current?.scrollIntoView({ block: "nearest" });
  }, [conflict]);
  if (!conflict) return null;
  const current = conflictCurrent<T>(error);
  const T = CONFLICT_TEXTS[lang];
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="edit-conflict"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">{errorText({ code: "edit_conflict" }, lang)}</p>
      <p className="mt-1">{T.keep}</p>
      {current && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => onReload(current)}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {T.reload}
        </Button>
      )}
    </div>
  );
}
