import { type VersionedType, versionDetailSchema, versionEntrySchema } from "@shared/schemas/versions";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { useScreenLang } from "~/i18n/screen-lang";
import { api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";

export const versionKeys = {
  list: (type: string, id: string) => ["admin", "versions", type, id] as const,
  one: (type: string, id: string, version: number) => ["admin", "versions", type, id, version] as const,
};

/** An entity's kept versions, newest first, page by page (decision 0092). */
export const useVersions = (type: VersionedType, id: string) =>
  usePagedList(versionKeys.list(type, id), `/versions/${type}/${encodeURIComponent(id)}`, versionEntrySchema);

/** One version with the resource as it is now. */
export const useVersion = (type: VersionedType, id: string, version: number | null) =>
  useQuery({
    queryKey: versionKeys.one(type, id, version ?? 0),
    queryFn: ({ signal }) => api.get(`/versions/${type}/${encodeURIComponent(id)}/${version}`, versionDetailSchema, signal),
    enabled: version !== null,
  });

/**
 * "Restaurer cette version": restores it as a new version; every admin query is read again (lists, forms, history).
 * A conflict (someone saved meanwhile) is not toasted: the screen shows its notice.
 */
export function useRestoreVersion(type: VersionedType, id: string, texts: { success: (v: number) => string; error: string }) {
  const lang = useScreenLang();
  return useAdminMutation({
    mutationFn: ({ version, seen }: { version: number; seen: number }) =>
      api.post(`/versions/${type}/${encodeURIComponent(id)}/${version}/restore`, { version: seen }, z.record(z.string(), z.unknown())),
    invalidates: [["admin"]],
    success: (_data, vars) => texts.success(vars.version),
    // A conflict is shown by the screen's notice (with "Recharger"), not as a toast as well.
    error: (error) => (isEditConflict(error) ? null : errorMessage(error, texts.error, lang)),
  });
}
