import type { Lang } from "@shared/company";
import { formatDayRange } from "@shared/day-range";
import {
  type DeclaredScreen,
  editValuesOf,
  initialValuesOf,
  inputSchemaOf,
  type ListColumn,
  outputSchemaOf,
  type Resource,
} from "@shared/resources/define";
import type { Label } from "@shared/resources/fields";
import { RESOURCE_TYPES, type ResourceType, resourceOf } from "@shared/resources/index";
import { Plus } from "lucide-react";
import { useState } from "react";
import { type MetaFunction, useLocation } from "react-router";
import { z } from "zod";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { DeclaredFields } from "~/components/admin/declared-fields";
import { FormFooter } from "~/components/admin/form-footer";
import { ListScreen, type RowField } from "~/components/admin/list-screen";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { activeSwitchField, editAction, type RowAction, type RowDelete } from "~/components/admin/row-actions";
import { FormTranslationGaps } from "~/components/admin/translation-gaps";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { api, isEditConflict } from "~/lib/admin/api";
import { useZodForm } from "~/lib/admin/form";
import { useAdminMutation, usePagedRowsPatch } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { resourceKey } from "~/lib/admin/query-keys";
import { type DeclaredScreenTexts, declaredScreenTexts } from "./declared-screen-texts";

/** A resource whose admin screen is drawn whole from its declaration (`admin.screen`), with what the screen reads of it. */
type Declared = {
  type: ResourceType;
  resource: Resource;
  path: string;
  title: Label;
  screen: DeclaredScreen;
  /** Its admin API, `/<queryRoot>`. */
  apiPath: string;
  texts: DeclaredScreenTexts;
  output: z.ZodType<Row>;
  input: ReturnType<typeof inputSchemaOf>;
};
/** What a declared screen knows of any item: its id and version; its fields are known only at run time. */
const rowShape = z.object({ _id: z.string(), version: z.number() }).loose();
type Row = z.output<typeof rowShape>;
type Data = z.output<Declared["input"]>;

const DECLARED: Declared[] = RESOURCE_TYPES.flatMap((type) => {
  const resource = resourceOf(type);
  const admin = resource.admin;
  if (!admin?.screen) return [];
  if (!resource.queryRoot) throw new Error(`${type} declares a screen but no queryRoot`);
  const screen = admin.screen;
  return [
    {
      type,
      resource,
      path: admin.path,
      title: admin.nav,
      screen,
      apiPath: `/${resource.queryRoot}`,
      texts: declaredScreenTexts({ label: resource.label, admin: { nav: admin.nav, screen } }),
      output: outputSchemaOf(resource).pipe(rowShape),
      input: inputSchemaOf(resource),
    },
  ];
});

/** The declared screen at `pathname`: this one module serves every declared resource's route (app/routes.ts). */
const declaredAt = (pathname: string) => DECLARED.find((declared) => declared.path === pathname.replace(/\/$/, ""));

const titleAt = (pathname: string) => declaredAt(pathname)?.title[BACK_OFFICE_LANG] ?? "";

export const meta: MetaFunction = ({ location }) => adminMeta(titleAt(location.pathname));

export const handle: AdminHandle = { title: titleAt };

export default function DeclaredScreenRoute() {
  const { pathname } = useLocation();
  const declared = declaredAt(pathname);
  if (!declared) throw new Error(`No declared screen at ${pathname}`);
  // Keyed by its resource, so moving to another declared screen starts from a closed form.
  return <DeclaredResourceScreen key={declared.type} declared={declared} />;
}

/** The field a column shows: `name` reads `nameFr`/`nameEn` (a bilingual pair) in the screen's language, else itself. */
function fieldOfColumn(resource: Resource, name: string, lang: Lang): string {
  const half = `${name}${lang === "fr" ? "Fr" : "En"}`;
  return resource.fields[half]?.lang === lang ? half : name;
}

/** What a column shows of a row: a field's value, or the range of two days. */
function columnText(resource: Resource, column: ListColumn, lang: Lang): (row: Row) => string {
  if ("range" in column) {
    const [from, to] = column.range;
    return (row) => {
      const first = row[from];
      const last = row[to];
      return typeof first === "string" && typeof last === "string" ? formatDayRange(first, last, lang) : "";
    };
  }
  const name = fieldOfColumn(resource, column.field, lang);
  return (row) => String(row[name] ?? "");
}

function columnHeader(resource: Resource, column: ListColumn, lang: Lang): string {
  if (column.label) return column.label[lang];
  const name = "range" in column ? column.range[0] : fieldOfColumn(resource, column.field, lang);
  // A pair's half is labelled "Nom (FR)": the column says "Nom".
  return resource.fields[name]?.label[lang].replace(/ \((FR|EN)\)$/, "") ?? name;
}

type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; item: Row };

/** The list of a declared resource (its columns, switch, edit and delete as its actions allow) and its form above it. */
function DeclaredResourceScreen({ declared }: { declared: Declared }) {
  const { type, resource, apiPath, output } = declared;
  const t = useTexts(declared.texts);
  const lang = useScreenLang();
  // What the declaration has and the signed-in role may do (decision 0114): the list's own rows follow `subject`.
  const may = useCan(type);
  const key = resourceKey(type);
  const list = usePagedList(key, apiPath, output);
  const rows = usePagedRowsPatch<Row>(key);
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  const save = useAdminMutation({
    mutationFn: ({ data, item }: { data: Data; item: Row | null }) =>
      item ? api.put(`${apiPath}/${item._id}`, data, output) : api.post(apiPath, data, output),
    invalidates: [key],
    success: t("saved"),
    error: (error) => (isEditConflict(error) ? null : t("saveError")),
    onSuccess: () => setForm({ kind: "closed" }),
  });
  const setActive = useAdminMutation({
    mutationFn: ({ item, isActive }: { item: Row; isActive: boolean }) => api.patch(`${apiPath}/${item._id}`, { isActive }, output),
    invalidates: [key],
    error: () => t("saveError"),
    optimistic: {
      apply: ({ item, isActive }) => rows.apply((row) => (row._id === item._id ? { ...row, isActive } : row)),
      rollback: rows.rollback,
    },
  });
  const remove = useAdminMutation({
    mutationFn: (item: Row) => api.delete(`${apiPath}/${item._id}`),
    invalidates: [key],
    success: t("deleted"),
    error: () => t("deleteError"),
  });

  const columns = declared.screen.columns;
  // The first column names the item: the card's title, and the item in the buttons' accessible names.
  const fields: RowField<Row>[] = columns.map((column, index) => ({
    key: "range" in column ? column.range.join("-") : column.field,
    header: columnHeader(resource, column, lang),
    cell: columnText(resource, column, lang),
    ...(index === 0 ? { card: "title", className: "font-medium" } : {}),
  }));
  const [first] = columns;
  if (!first) throw new Error(`${type} declares a screen with no column`);
  const name = columnText(resource, first, lang);
  if (resource.actions.includes("switch") && resource.fields.isActive?.kind === "boolean") {
    const status = activeSwitchField<Row & { isActive: boolean }>({
      header: t("status"),
      label: (row) => t("toggleLabel", { name: name(row) }),
      onText: t("active"),
      offText: t("inactive"),
      onToggle: setActive.mutate,
    });
    const active = (row: Row) => ({ ...row, isActive: row.isActive === true });
    fields.push({ ...status, cell: (row) => status.cell(active(row)), readOnlyCell: (row) => status.readOnlyCell(active(row)) });
  }
  const actions: RowAction<Row>[] = resource.actions.includes("update")
    ? [
        editAction<Row>({
          label: t("edit"),
          ariaLabel: (row) => t("editLabel", { name: name(row) }),
          onSelect: (item) => {
            save.reset();
            setForm({ kind: "edit", item });
          },
          scrollToTop: true,
        }),
      ]
    : [];
  const removal: RowDelete<Row> | undefined = resource.actions.includes("delete")
    ? {
        label: t("delete"),
        ariaLabel: (row) => t("deleteLabel", { name: name(row) }),
        title: t("deleteTitle"),
        description: t("deleteConfirm"),
        busy: remove.isPending,
        onConfirm: (row) => remove.mutateAsync(row),
      }
    : undefined;
  const editing = form.kind === "edit" ? form.item : null;

  return (
    <div className="space-y-6">
      {form.kind !== "closed" && (
        <DeclaredForm
          key={editing?._id ?? "create"}
          declared={declared}
          item={editing}
          saving={save.isPending}
          saveError={save.error}
          onSave={(data) => save.mutate({ data, item: editing })}
          onCancel={() => setForm({ kind: "closed" })}
        />
      )}
      <Card>
        <CardHeader
          title={t("title")}
          description={t("intro")}
          actions={
            form.kind !== "closed" || !may("create") ? null : (
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
          query={{ data: list.items, isPending: list.isPending, error: list.error }}
          texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("empty") }}
          rowTestId={`${type}-row`}
          subject={type}
          actionsHeader={t("actions")}
          fields={fields}
          actions={actions}
          remove={removal}
        />
        <LoadMore list={list} label={t("more")} loadingLabel={t("loadingMore")} shown={null} />
      </Card>
    </div>
  );
}

/** Every field of the declaration, in its order; the declaration's cross-field rules are inside `input`. */
function DeclaredForm({
  declared,
  item,
  saving,
  saveError,
  onSave,
  onCancel,
}: {
  declared: Declared;
  item: Row | null;
  saving: boolean;
  saveError: unknown;
  onSave: (data: Data) => void;
  onCancel: () => void;
}) {
  const { type, resource } = declared;
  const t = useTexts(declared.texts);
  const lang = useScreenLang();
  const values = (current: Row | null) => (current ? editValuesOf(resource, current) : initialValuesOf(resource));
  const { register, control, handleSubmit, reset, formState } = useZodForm(declared.input, { defaultValues: values(item) });
  return (
    <FormTranslationGaps resource={resource} control={control} idPrefix={type}>
      <Card>
        <CardHeader title={item ? t("formTitle.edit") : t("formTitle.create")} />
        <form noValidate className="space-y-5 p-5" onSubmit={handleSubmit(onSave)}>
          <DeclaredFields fields={resource.fields} idPrefix={type} register={register} errors={formState.errors} lang={lang} />
          <FormFooter<Row>
            submitLabel={t("save")}
            saving={saving}
            onCancel={onCancel}
            conflict={{ error: saveError, onReload: (current) => reset(values(current)) }}
          />
        </form>
      </Card>
    </FormTranslationGaps>
  );
}
