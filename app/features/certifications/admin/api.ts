import {
  type Certification,
  type CertificationData,
  certificationSchema,
  certificationWarningListSchema,
} from "@shared/schemas/certification";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { ApiError, api, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { CERTIFICATION_TEXTS } from "./texts";

/** One page after another by French name (decision 0092), `q` searched in the names and the body. */
export const useCertifications = (q: string, limit = 50) =>
  usePagedList(
    [...queryKeys.certifications, "list", q, limit],
    `/certifications?limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ""}`,
    certificationSchema,
  );

export const useCertification = (id: string | null) =>
  useQuery({
    queryKey: [...queryKeys.certifications, "one", id],
    queryFn: () => api.get(`/certifications/${id}`, certificationSchema),
    enabled: id !== null,
  });

/** The dashboard's warning card (attached ones ending within 30 days, or ended). */
export const useCertificationWarnings = () =>
  useQuery({
    queryKey: [...queryKeys.certifications, "warnings"],
    queryFn: () => api.get("/certifications/warnings", certificationWarningListSchema),
  });

export function useSaveCertification(notify: Notify, onSaved: () => void) {
  const t = useTexts(CERTIFICATION_TEXTS);
  return useAdminMutation({
    mutationFn: ({ data, certification }: { data: CertificationData; certification: Certification | null }) =>
      certification
        ? api.put(`/certifications/${certification._id}`, data, certificationSchema)
        : api.post("/certifications", data, certificationSchema),
    invalidates: [queryKeys.certifications],
    success: (_saved, { certification }) => (certification ? t("updated") : t("created")),
    error: (error) => (isEditConflict(error) ? null : t("saveError")),
    notify,
    onSuccess: onSaved,
  });
}

export function useDeleteCertification(notify: Notify) {
  const t = useTexts(CERTIFICATION_TEXTS);
  return useAdminMutation({
    mutationFn: (certification: Certification) => api.delete(`/certifications/${certification._id}`),
    invalidates: [queryKeys.certifications],
    success: t("deleted"),
    error: (error) => {
      const products = inUseProducts(error);
      return products ? t("inUse", { names: products.join(", ") }) : t("deleteError");
    },
    notify,
  });
}

/** The products named by a 409 `certification.in_use`, or null for any other error. */
function inUseProducts(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== "certification.in_use") return null;
  const details = error.details as { products?: { nameFr: string }[] } | undefined;
  return (details?.products ?? []).map((p) => p.nameFr);
}
