import { type Certification, certificationSchema } from "@shared/schemas/certification";
import type { ProductInput } from "@shared/schemas/product";
import { useQueries } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { type Control, Controller } from "react-hook-form";
import { Link } from "react-router";
import { useReadOnly } from "~/components/admin/read-only";
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/field";
import { useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { queryKeys } from "~/lib/admin/query-keys";
import { useCertifications } from "./api";
import { CERTIFICATION_TEXTS } from "./texts";

/** How many search results the picker shows at once: the list can grow, the picker reads only a page of matches. */
const MATCHES = 8;

/**
 * The product form's certifications (decision 0111): the attached ones in order, each removable, and a search over
 * the paged API whose matches are buttons to attach. Plain buttons and a search field: usable with the keyboard alone.
 */
export function CertificationPicker({ control }: { control: Control<ProductInput> }) {
  return (
    <Controller
      control={control}
      name="certificationIds"
      render={({ field }) => <Picker value={field.value ?? []} onChange={field.onChange} />}
    />
  );
}

function Picker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const t = useTexts(CERTIFICATION_TEXTS);
  const id = useId();
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const matches = useCertifications(q, MATCHES);
  // The attached ones by id (a handful): each read once and cached.
  const attached = useQueries({
    queries: value.map((certificationId) => ({
      queryKey: [...queryKeys.certifications, "one", certificationId],
      queryFn: () => api.get(`/certifications/${certificationId}`, certificationSchema),
    })),
  });
  const known = new Map<string, Certification>();
  for (const result of attached) if (result.data) known.set(result.data._id, result.data);
  for (const match of matches.items) known.set(match._id, match);
  const name = (certificationId: string) => known.get(certificationId)?.nameFr ?? certificationId;
  // A read-only form lists the attached ones only.
  const readOnly = useReadOnly();
  const candidates = matches.items.filter((c) => !value.includes(c._id));

  return (
    <Card>
      <CardHeader title={t("picker.legend")} description={t("picker.hint")} />
      <div className="space-y-4 p-5">
        {value.length === 0 ? (
          <p className="text-sm text-slate-600">{t("picker.none")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t("picker.legend")} data-testid="attached-certifications">
            {value.map((certificationId) => (
              <li
                key={certificationId}
                className="flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pr-1 pl-3 text-sm"
              >
                <span>{name(certificationId)}</span>
                {known.get(certificationId)?.status === "expired" && <Badge tone="danger">{t("picker.expired")}</Badge>}
                {!readOnly && (
                  <button
                    type="button"
                    className="rounded-full p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-algae"
                    aria-label={t("picker.remove", { name: name(certificationId) })}
                    onClick={() => onChange(value.filter((v) => v !== certificationId))}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!readOnly && (
          <div className="space-y-2">
            <label htmlFor={`${id}-search`} className="block text-sm font-medium text-navy">
              {t("picker.search")}
            </label>
            <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
            {matches.isSuccess && candidates.length === 0 ? (
              <p className="text-sm text-slate-600">{t("picker.noMatch")}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {candidates.map((c) => (
                  <li key={c._id}>
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-algae"
                      aria-label={t("picker.add", { name: c.nameFr })}
                      onClick={() => onChange([...value, c._id])}
                    >
                      <Plus className="size-4" aria-hidden="true" />
                      {c.nameFr}
                      {c.status === "expired" && <span className="text-red-700"> ({t("picker.expired")})</span>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/admin/certifications" className="inline-block text-sm text-algae underline underline-offset-4">
              {t("picker.manage")}
            </Link>
          </div>
        )}
      </div>
    </Card>
  );
}
