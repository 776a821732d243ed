import { useCallback, useState } from "react";

/**
 * Counts the image fields of a form that are uploading (SPEC §4: saving is blocked until none remain).
 * `reporter(key)` gives each field its `onUploadingChange(boolean)` callback.
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
  return { count: uploading.size, report };
}
