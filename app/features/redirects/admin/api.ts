import { type MissingPath, missingPathSchema, type Redirect, type RedirectInput, redirectSchema } from "@shared/schemas/redirect";
import { useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { redirectKeys } from "~/lib/admin/query-keys";
import { REDIRECT_TEXTS } from "./texts";

/** Redirects, newest first, narrowed by a path search (decision 0092: "Voir plus" reads the next page). */
export function useRedirects(q: string) {
  const query = q ? `?q=${encodeURIComponent(q)}` : "";
  return usePagedList(redirectKeys.list(q), `/redirects${query}`, redirectSchema);
}

/** Missing public paths, most requested first. */
export const useMissingPaths = () => usePagedList(redirectKeys.missing, "/redirects/missing", missingPathSchema);

export function useAddRedirect(onAdded: () => void) {
  const t = useTexts(REDIRECT_TEXTS);
  return useAdminMutation({
    mutationFn: (input: RedirectInput) => api.post("/redirects", input, redirectSchema),
    invalidates: [redirectKeys.all],
    success: t("added"),
    error: t("addError"),
    onSuccess: onAdded,
  });
}

export function useDeleteRedirect() {
  const t = useTexts(REDIRECT_TEXTS);
  return useAdminMutation({
    mutationFn: (redirect: Redirect) => api.delete(`/redirects/${redirect._id}`),
    invalidates: [redirectKeys.all],
    success: t("deleted"),
    error: t("deleteError"),
  });
}

export function useDismissMissing() {
  const t = useTexts(REDIRECT_TEXTS);
  return useAdminMutation({
    mutationFn: (missing: MissingPath) => api.delete(`/redirects/missing?path=${encodeURIComponent(missing.path)}`),
    invalidates: [redirectKeys.missing],
    success: t("dismissed"),
    error: t("dismissError"),
  });
}
