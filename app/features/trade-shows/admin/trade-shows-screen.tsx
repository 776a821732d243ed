import { formatDayRange } from "@shared/day-range";
import { editValuesOf, initialValuesOf } from "@shared/resources/define";
import { tradeShowResource } from "@shared/resources/trade-shows";
import { type TradeShow, type TradeShowData, type TradeShowInput, tradeShowInputSchema, tradeShowSchema } from "@shared/schemas/trade-show";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { DeclaredFields } from "~/components/admin/declared-fields";
import { FormFooter } from "~/components/admin/form-footer";
import { ListScreen } from "~/components/admin/list-screen";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { activeSwitchField, editAction } from "~/components/admin/row-actions";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { api, isEditConflict } from "~/lib/admin/api";
import { useZodForm } from "~/lib/admin/form";
import { useAdminMutation, usePagedRowsPatch } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { TRADE_SHOW_TEXTS } from "./texts";

const TITLE = translate(TRADE_SHOW_TEXTS, "fr", "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };
const PATH = "/trade-shows";

type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; show: TradeShow };

/** Trade shows (shared/resources/trade-shows.ts): the list, and a form drawn from the declaration. */
export default function TradeShowsScreen() {
  const t = useTexts(TRADE_SHOW_TEXTS);
  const lang = useScreenLang();
  const shows = usePagedList(queryKeys.tradeShows, PATH, tradeShowSchema);
  const rows = usePagedRowsPatch<TradeShow>(queryKeys.tradeShows);
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  const save = useAdminMutation({
    mutationFn: ({ data, show }: { data: TradeShowData; show: TradeShow | null }) =>
      show ? api.put(`${PATH}/${show._id}`, data, tradeShowSchema) : api.post(PATH, data, tradeShowSchema),
    invalidates: [queryKeys.tradeShows],
    success: t("saved"),
    error: (error) => (isEditConflict(error) ? null : t("saveError")),
    onSuccess: () => setForm({ kind: "closed" }),
  });
  const setActive = useAdminMutation({
    mutationFn: ({ item, isActive }: { item: TradeShow; isActive: boolean }) =>
      api.patch(`${PATH}/${item._id}`, { isActive }, tradeShowSchema),
    invalidates: [queryKeys.tradeShows],
    error: () => t("saveError"),
    optimistic: {
      apply: ({ item, isActive }) => rows.apply((row) => (row._id === item._id ? { ...row, isActive } : row)),
      rollback: rows.rollback,
    },
  });
  const remove = useAdminMutation({
    mutationFn: (show: TradeShow) => api.delete(`${PATH}/${show._id}`),
    invalidates: [queryKeys.tradeShows],
    success: t("deleted"),
    error: () => t("deleteError"),
  });
  const editing = form.kind === "edit" ? form.show : null;
  const name = (show: TradeShow) => (lang === "fr" ? show.nameFr : show.nameEn);

  return (
    <div className="space-y-6">
      {form.kind !== "closed" && (
        <TradeShowForm
          key={editing?._id ?? "create"}
          show={editing}
          saving={save.isPending}
          saveError={save.error}
          onSave={(data) => save.mutate({ data, show: editing })}
          onCancel={() => setForm({ kind: "closed" })}
        />
      )}
      <Card>
        <CardHeader
          title={t("title")}
          description={t("intro")}
          actions={
            form.kind !== "closed" ? null : (
              <Button
                onClick={() => {
                  save.reset();
                  setForm({ kind: "create" });
                }}
              >
                <Plus className="size-4" aria-hidden="true" />
                {t("add")}
              </Button>
            )
          }
        />
        <ListScreen
          query={{ data: shows.items, isPending: shows.isPending, error: shows.error }}
          texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("empty") }}
          rowTestId="trade-show-row"
          actionsHeader={t("actions")}
          fields={[
            { key: "name", header: t("name"), card: "title", className: "font-medium", cell: name },
            { key: "city", header: t("city"), cell: (show) => (lang === "fr" ? show.cityFr : show.cityEn) },
            { key: "dates", header: t("dates"), cell: (show) => formatDayRange(show.startsOn, show.endsOn, lang) },
            activeSwitchField({
              header: t("status"),
              label: (show) => t("toggleLabel", { name: name(show) }),
              onText: t("active"),
              offText: t("inactive"),
              onToggle: setActive.mutate,
            }),
          ]}
          actions={[
            editAction<TradeShow>({
              label: t("edit"),
              ariaLabel: (show) => t("editLabel", { name: name(show) }),
              onSelect: (show) => {
                save.reset();
                setForm({ kind: "edit", show });
              },
              scrollToTop: true,
            }),
          ]}
          remove={{
            label: t("delete"),
            ariaLabel: (show) => t("deleteLabel", { name: name(show) }),
            title: t("deleteTitle"),
            description: t("deleteConfirm"),
            busy: remove.isPending,
            onConfirm: (show) => remove.mutateAsync(show),
          }}
        />
        <LoadMore list={shows} label={t("more")} loadingLabel={t("loadingMore")} shown={null} />
      </Card>
    </div>
  );
}

function TradeShowForm({
  show,
  saving,
  saveError,
  onSave,
  onCancel,
}: {
  show: TradeShow | null;
  saving: boolean;
  saveError: unknown;
  onSave: (data: TradeShowData) => void;
  onCancel: () => void;
}) {
  const t = useTexts(TRADE_SHOW_TEXTS);
  const lang = useScreenLang();
  const values = (item: TradeShow | null) =>
    (item ? editValuesOf(tradeShowResource, item) : initialValuesOf(tradeShowResource)) as TradeShowInput;
  const { register, handleSubmit, reset, formState } = useZodForm(tradeShowInputSchema, { defaultValues: values(show) });
  return (
    <Card>
      <CardHeader title={show ? t("formTitle.edit") : t("formTitle.create")} />
      <form noValidate className="space-y-5 p-5" onSubmit={handleSubmit(onSave)}>
        <DeclaredFields fields={tradeShowResource.fields} idPrefix="trade-show" register={register} errors={formState.errors} lang={lang} />
        <FormFooter<TradeShow>
          submitLabel={t("save")}
          saving={saving}
          onCancel={onCancel}
          conflict={{ error: saveError, onReload: (current) => reset(values(current)) }}
        />
      </form>
    </Card>
  );
}
