import { type Category, type CategoryWithCount, categorySchema } from "@shared/schemas/category";
import { ArrowDown, ArrowUp, ImageIcon, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { adminMeta } from "~/components/admin/meta";
import { editAction } from "~/components/admin/row-actions";
import { TranslationBadge, TranslationFilterSelect, useTranslationFilter } from "~/components/admin/translation-gaps";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { errorMessage } from "~/lib/admin/api";
import { movedIds, useCategoriesWithCounts, useDeleteCategory, useMoveCategory, useSaveCategory } from "./api";
import { CategoryForm } from "./category-form";
import { CATEGORY_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(CATEGORY_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(CATEGORY_TEXTS, BACK_OFFICE_LANG, "title") };

const ADD_BUTTON_ID = "category-add";

/** The form is closed, creating, or editing one category (`generation` remounts it after a reload). */
type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; category: Category; generation: number };

export default function CategoryManagement() {
  const t = useTexts(CATEGORY_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const categories = useCategoriesWithCounts();
  const may = useCan("category");
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  const [conflict, setConflict] = useState<{ message: string; current: Category | null } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  /** The move button to focus once the list shows the new order. */
  const pendingFocus = useRef<string | null>(null);
  const list = categories.data ?? [];
  // The whole list is read (not paged: decision 0092's exception, reordered at once), so "À traduire" narrows it here.
  const [translation, setTranslation] = useTranslationFilter();

  /** Closing the form gives the keyboard back to the button that opens it, once it is shown again. */
  const focusAddButton = useRef(false);
  useEffect(() => {
    if (form.kind !== "closed" || !focusAddButton.current) return;
    focusAddButton.current = false;
    document.getElementById(ADD_BUTTON_ID)?.focus();
  }, [form.kind]);

  useEffect(() => {
    if (!categories.data || !pendingFocus.current) return;
    focusVisible(pendingFocus.current);
    pendingFocus.current = null;
  }, [categories.data]);

  const close = () => {
    setForm({ kind: "closed" });
    setConflict(null);
  };

  const save = useSaveCategory({
    onSaved: () => {
      close();
      focusAddButton.current = true;
    },
    onConflict: (error) => {
      const current = categorySchema.safeParse((error.details as { current?: unknown }).current);
      setConflict({ message: errorMessage(error, common("errorTitle"), "fr"), current: current.success ? current.data : null });
    },
  });
  const remove = useDeleteCategory();
  const move = useMoveCategory();

  const reload = () => {
    if (form.kind !== "edit") return;
    // The 409 carried the stored category; without it, the list read again after the refusal has it.
    const fresh = conflict?.current ?? list.find((c) => c._id === form.category._id) ?? form.category;
    setConflict(null);
    setForm({ kind: "edit", category: fresh, generation: form.generation + 1 });
  };

  const moveBy = (category: CategoryWithCount, delta: -1 | 1) => {
    const from = list.findIndex((c) => c._id === category._id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= list.length) return;
    move.mutate({ ids: movedIds(list, from, to) });
    setAnnouncement(t("moved", { name: category.nameFr, position: to + 1, total: list.length }));
    // The row moved in the DOM: keep the keyboard on the same button, or on its pair when it reached an end.
    const direction = delta < 0 ? "up" : "down";
    const edge = to === 0 || to === list.length - 1;
    pendingFocus.current = `[data-move="${category._id}-${edge ? (direction === "up" ? "down" : "up") : direction}"]`;
  };

  const position = (category: CategoryWithCount) => (
    <span className="inline-block w-6 text-center text-sm tabular-nums text-slate-700">
      {list.findIndex((c) => c._id === category._id) + 1}
    </span>
  );

  const order = (category: CategoryWithCount) => {
    const index = list.findIndex((c) => c._id === category._id);
    return (
      <span className="inline-flex items-center gap-1 align-middle">
        <span className="w-6 text-center text-sm tabular-nums text-slate-700">{index + 1}</span>
        <MoveButton direction="up" category={category} disabled={index <= 0} onClick={() => moveBy(category, -1)} />
        <MoveButton direction="down" category={category} disabled={index >= list.length - 1} onClick={() => moveBy(category, 1)} />
      </span>
    );
  };

  return (
    <div className="space-y-6">
      {form.kind !== "closed" && (
        <CategoryForm
          key={form.kind === "edit" ? `${form.category._id}-${form.generation}` : "create"}
          category={form.kind === "edit" ? form.category : null}
          saving={save.isPending}
          onSave={(data) => save.mutate({ id: form.kind === "edit" ? form.category._id : null, data })}
          onCancel={() => {
            close();
            focusAddButton.current = true;
          }}
          conflict={conflict?.message ?? null}
          onReload={reload}
        />
      )}

      <Card>
        <ListToolbar
          title={t("listTitle")}
          description={t("intro")}
          add={
            form.kind === "closed" && may("create") ? (
              <Button id={ADD_BUTTON_ID} onClick={() => setForm({ kind: "create" })}>
                <Plus className="size-4" aria-hidden="true" />
                {t("add")}
              </Button>
            ) : null
          }
          filters={<TranslationFilterSelect id="category-translation" value={translation} onChange={setTranslation} />}
        />
        <p className="sr-only" role="status">
          {announcement}
        </p>
        <ListScreen
          query={categories}
          items={translation ? list.filter((c) => c.needsTranslation) : undefined}
          texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("empty") }}
          rowTestId="category-row"
          subject="category"
          actionsHeader={t("columns.actions")}
          fields={[
            { key: "cover", header: t("columns.cover"), card: "media", cell: (c) => <Cover category={c} /> },
            {
              key: "name",
              header: t("columns.name"),
              card: "title",
              className: "min-w-44",
              cell: (c) => (
                <>
                  <span className="block font-medium text-navy">{c.nameFr}</span>
                  <span className="block text-xs font-normal text-slate-600" lang="en">
                    {c.nameEn}
                  </span>
                  <TranslationBadge item={c} />
                </>
              ),
            },
            {
              key: "products",
              header: t("columns.products"),
              card: "badge",
              className: "whitespace-nowrap",
              cell: (c) => (
                <Badge tone={c.productCount > 0 ? "info" : "neutral"}>
                  {c.productCount === 0 ? t("noProducts") : t("productCount", { count: c.productCount })}
                </Badge>
              ),
            },
            { key: "order", header: t("columns.order"), cell: order, needs: "reorder", readOnlyCell: position },
          ]}
          actions={[
            editAction<CategoryWithCount>({
              label: t("edit"),
              ariaLabel: (c) => t("editLabel", { name: c.nameFr }),
              onSelect: (c) => {
                setConflict(null);
                setForm({ kind: "edit", category: c, generation: 0 });
              },
            }),
          ]}
          remove={{
            label: t("delete"),
            ariaLabel: (c) => t("deleteLabel", { name: c.nameFr }),
            title: t("deleteTitle"),
            description: (c) =>
              c.productCount > 0
                ? t("deleteRefused", { name: c.nameFr, count: c.productCount })
                : t("deleteDescription", { name: c.nameFr }),
            cancelLabel: t("cancel"),
            busy: remove.isPending,
            onConfirm: (c) =>
              remove.mutateAsync(c).then(() => {
                if (form.kind === "edit" && form.category._id === c._id) close();
              }),
          }}
        />
      </Card>
    </div>
  );
}

function Cover({ category }: { category: CategoryWithCount }) {
  const t = useTexts(CATEGORY_TEXTS);
  if (!category.coverImageUrl) {
    return (
      <span className="flex size-16 flex-col items-center justify-center rounded-lg bg-slate-100 text-slate-500" title={t("noCover")}>
        <ImageIcon className="size-5" aria-hidden="true" />
        <span className="sr-only">{t("noCover")}</span>
      </span>
    );
  }
  return (
    <img
      src={category.coverImageUrl}
      alt={t("coverAlt", { name: category.nameFr })}
      className="size-16 min-w-16 rounded-lg bg-slate-100 object-cover"
      loading="lazy"
    />
  );
}

/** Focuses the first element matching `selector` that is shown and enabled (the list renders cards and a table). */
function focusVisible(selector: string) {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (element.offsetParent !== null && !(element instanceof HTMLButtonElement && element.disabled)) {
      element.focus();
      return;
    }
  }
}

/** One of the two arrows that move a category in the public order; `data-move` lets focus follow the moved row. */
function MoveButton({
  direction,
  category,
  disabled,
  onClick,
}: {
  direction: "up" | "down";
  category: CategoryWithCount;
  disabled: boolean;
  onClick: () => void;
}) {
  const t = useTexts(CATEGORY_TEXTS);
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="px-2"
      data-move={`${category._id}-${direction}`}
      aria-label={direction === "up" ? t("moveUpLabel", { name: category.nameFr }) : t("moveDownLabel", { name: category.nameFr })}
      title={direction === "up" ? t("moveUp") : t("moveDown")}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon className="size-4" aria-hidden="true" />
    </Button>
  );
}
