import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";
import { ConflictNotice } from "./conflict-notice";

/**
 * Where the row sits: at the end of a form inside a card, under a rule ("card"); stuck to the bottom of the window, for
 * a form that is a whole page ("sticky"); or bare, under the form's cards ("plain").
 */
export type FormFooterLayout = "card" | "sticky" | "plain";

const LAYOUTS: Record<FormFooterLayout, string> = {
  card: "border-t border-slate-200 pt-5",
  sticky: "sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6",
  plain: "",
};

export type FormFooterProps<T> = {
  /** The submit button's label ("Enregistrer", "Créer la certification"…). */
  submitLabel: string;
  /** The save is under way: the submit button spins and is disabled. */
  saving: boolean;
  /** Cancel as a button that closes the form in place… */
  onCancel?: () => void;
  /** …or as a link back to the list, for a form that is a page of its own. */
  cancelTo?: string;
  /** "Annuler" / "Cancel" unless told otherwise. */
  cancelLabel?: string;
  /** The last save's error and how the form takes the stored item: a version conflict shows the notice above the buttons. */
  conflict?: { error: unknown; onReload: (current: T) => void };
  /** How many images are still uploading (`usePendingUploads().count`). */
  uploads?: number;
  /**
   * Where that count is said ("Upload en cours... (n)"): on the submit button, in place of its label, or in the status
   * line at the start of the row (the default).
   */
  uploadsOn?: "submit" | "status";
  /** While images upload, a warning above the buttons (and the conflict notice). */
  uploadWarning?: ReactNode;
  /** While images upload, a red message in the status line in place of the count (a save refused because of them). */
  uploadsRefused?: string | false | null;
  /** The status line's red message when no image uploads, e.g. "some fields are invalid". */
  problem?: string | false | null;
  layout?: FormFooterLayout;
};

/**
 * The end of an admin form, the same on every screen: the upload warning and the edit-conflict notice when there is one,
 * then the row with the status line (uploading images, a problem), "Annuler" and the submit button.
 * Rendered as siblings, so the form's spacing applies between them.
 */
export function FormFooter<T>({
  submitLabel,
  saving,
  onCancel,
  cancelTo,
  cancelLabel,
  conflict,
  uploads = 0,
  uploadsOn = "status",
  uploadWarning,
  uploadsRefused,
  problem,
  layout = "card",
}: FormFooterProps<T>) {
  const common = useTexts(COMMON_TEXTS);
  const uploading = uploads > 0;
  const uploadingLabel = common("uploadingCount", { count: uploads });
  const cancelText = cancelLabel ?? common("cancel");

  let status: ReactNode = null;
  if (uploading && uploadsRefused) status = <p className="text-red-700">{uploadsRefused}</p>;
  else if (uploading && uploadsOn === "status") status = <p className="text-amber-800">{uploadingLabel}</p>;
  else if (!uploading && problem) status = <p className="text-red-700">{problem}</p>;
  const hasStatusLine = uploadsOn === "status" || problem !== undefined || uploadsRefused !== undefined;

  return (
    <>
      {uploading && uploadWarning && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {uploadWarning}
        </p>
      )}
      {conflict && <ConflictNotice<T> error={conflict.error} onReload={conflict.onReload} />}
      <div className={cn("flex flex-wrap items-center justify-end gap-2", LAYOUTS[layout])}>
        {hasStatusLine && (
          <div className="mr-auto text-sm" aria-live="polite">
            {status}
          </div>
        )}
        {cancelTo !== undefined ? (
          <ButtonLink to={cancelTo} variant="secondary">
            {cancelText}
          </ButtonLink>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            {cancelText}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {uploading && uploadsOn === "submit" ? uploadingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
