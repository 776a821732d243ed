import { type FormEvent, useCallback, useState } from "react";

/**
 * Counts the image fields of a form that are uploading (docs/product.md, "Images in forms": saving is blocked until none remain).
 * `report(key, busy)` is each image field's `onUploadingChange`; `guard` wraps the form's submit.
 */
export function usePendingUploads() {
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((key: string, isUploading: boolean) => {
    setUploading((previous) => {
      if (previous.has(key) === isUploading) return previous;
      const next = new Set(previous);
      if (isUploading) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  /** A form's onSubmit: while uploads are pending it calls `onBlocked` (the screen's alert) instead of `submit`. */
  const guard = (submit: (event: FormEvent) => Promise<void>, onBlocked: () => void) => (event: FormEvent) => {
    if (uploading.size > 0) {
      event.preventDefault();
      onBlocked();
      return;
    }
    void submit(event);
  };
  return { count: uploading.size, report, guard };
}
