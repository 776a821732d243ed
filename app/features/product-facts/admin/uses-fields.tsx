import { type UseItem, useItemSchema } from "@shared/resources/uses";
import type { ProductInput } from "@shared/schemas/product";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { type Control, Controller } from "react-hook-form";
import { Link } from "react-router";
import { useReadOnly } from "~/components/admin/read-only";
import { Card, CardHeader } from "~/components/ui/card";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { resourceKey } from "~/lib/admin/query-keys";
import { REGULATORY_TEXTS } from "../regulatory-texts";

/** The lists are short (tens of entries): one page of the largest size holds them. */
const LIST_LIMIT = 100;

type Kind = "application" | "function";
const ROOTS = { application: "/applications", function: "/functions" } as const;
const FIELDS = { application: "applicationIds", function: "functionIds" } as const;

function useUseList(kind: Kind) {
  return useQuery({
    queryKey: [...resourceKey(kind), "all"],
    queryFn: ({ signal }) => api.get(`${ROOTS[kind]}?limit=${LIST_LIMIT}`, useItemSchema.array(), signal),
  });
}

/**
 * The product form's "Usages" / "Uses" section (decision 0124): the applications and the functions as two groups of
 * checkboxes, in the lists' order; an inactive entry is offered only while the product has it.
 */
export function UsesFields({ control }: { control: Control<ProductInput> }) {
  const t = useTexts(REGULATORY_TEXTS);
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} data-testid="product-uses">
      <CardHeader headingId={headingId} title={t("usesTitle")} description={t("usesIntro")} />
      <div className="grid gap-6 p-5 md:grid-cols-2">
        <UseGroup kind="application" control={control} />
        <UseGroup kind="function" control={control} />
      </div>
    </Card>
  );
}

function UseGroup({ kind, control }: { kind: Kind; control: Control<ProductInput> }) {
  const t = useTexts(REGULATORY_TEXTS);
  const lang = useScreenLang();
  const list = useUseList(kind);
  const readOnly = useReadOnly();
  const id = useId();
  const legend = kind === "application" ? t("applications") : t("functions");
  return (
    <Controller
      control={control}
      name={FIELDS[kind]}
      render={({ field }) => {
        const value: string[] = field.value ?? [];
        const items: UseItem[] = (list.data ?? []).filter((item) => item.isActive || value.includes(item._id));
        // Kept in the list's order; an id the list no longer answers stays (the server checks it).
        const toggle = (itemId: string, on: boolean) => {
          const chosen = new Set(on ? [...value, itemId] : value.filter((v) => v !== itemId));
          const ordered = (list.data ?? []).map((item) => item._id).filter((i) => chosen.has(i));
          field.onChange([...ordered, ...[...chosen].filter((i) => !ordered.includes(i))]);
        };
        return (
          <fieldset className="space-y-3" data-testid={`product-${kind}s`}>
            <legend className="text-sm font-semibold text-navy">{legend}</legend>
            {list.isPending ? (
              <p className="text-sm text-slate-600">{t("loading")}</p>
            ) : items.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noItems")}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {items.map((item) => (
                  <li key={item._id}>
                    <label htmlFor={`${id}-${item._id}`} className="inline-flex cursor-pointer items-center gap-2 text-sm text-navy">
                      <input
                        id={`${id}-${item._id}`}
                        type="checkbox"
                        className="size-4 rounded border-slate-400 accent-teal"
                        checked={value.includes(item._id)}
                        onChange={(event) => toggle(item._id, event.target.checked)}
                      />
                      <span>
                        {lang === "fr" ? item.nameFr : item.nameEn}
                        {!item.isActive && <span className="text-slate-600"> {t("inactive")}</span>}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {!readOnly && (
              <Link to={`/admin${ROOTS[kind]}`} className="inline-block text-sm text-algae underline underline-offset-4">
                {kind === "application" ? t("manageApplications") : t("manageFunctions")}
              </Link>
            )}
          </fieldset>
        );
      }}
    />
  );
}
