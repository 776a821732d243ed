import { categoryColor } from "@shared/colors";
import { LIMITS } from "@shared/limits";
import { formatSiteDateTime, parseTimestamp } from "@shared/schedule";
import type { Category } from "@shared/schemas/category";
import type { ProductBulkAction, ProductListItem } from "@shared/schemas/product";
import { Eye, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { activeSwitchField, editAction } from "~/components/admin/row-actions";
import { TranslationBadge, TranslationFilterSelect, useTranslationFilter } from "~/components/admin/translation-gaps";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Checkbox, Select } from "~/components/ui/field";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { useCategories } from "~/features/categories/admin/api";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { feedbackNotify } from "~/lib/admin/mutation";
import { useBulkProducts, useDeleteProduct, useProductPages, useProductTotal, useSetProductActive } from "./api";
import { useProductPreview } from "./preview";
import { CATALOGUE_TEXTS } from "./texts";
import { useDebouncedValue } from "./use-debounced-value";

export const meta = () => adminMeta(translate(CATALOGUE_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(CATALOGUE_TEXTS, BACK_OFFICE_LANG, "title") };

/** How long the search box waits for the typing to stop before asking the server (the previous request is cancelled). */
const SEARCH_DELAY_MS = 300;

export default function ProductList() {
  const categories = useCategories();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [translation, setTranslation] = useTranslationFilter();
  const t = useTexts(CATALOGUE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const may = useCan("product");
  // docs/product.md, "Produits": the list's outcomes in the back office's one feedback.
  const notify = feedbackNotify;
  const setActive = useSetProductActive(notify);
  const remove = useDeleteProduct(notify);
  const preview = useProductPreview();
  const query = useDebouncedValue(search, SEARCH_DELAY_MS);
  const filtered = query.trim() !== "" || categoryId !== "" || translation !== undefined;
  const products = useProductPages({ q: query, categoryId, translation });
  const everything = useProductTotal(filtered);

  const categoryById = useMemo(() => new Map((categories.data ?? []).map((c) => [c._id, c])), [categories.data]);
  const shown = products.items;
  const total = filtered ? everything.data : products.total;

  const categoryOf = (product: ProductListItem) => product.category ?? categoryById.get(product.categoryId) ?? null;

  // The selection belongs to one search: a new search or category starts with none.
  const filterKey = `${query}\u0000${categoryId}\u0000${translation}`;
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: filterKey, ids: new Set() });
  const selected = selection.key === filterKey ? selection.ids : new Set<string>();
  const select = (ids: ReadonlySet<string>) => setSelection({ key: filterKey, ids });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    select(next);
  };
  const allSelected = shown.length > 0 && shown.every((p) => selected.has(p._id));
  const [pending, setPending] = useState<{ action: ProductBulkAction; categoryId?: string } | null>(null);
  const [moveTo, setMoveTo] = useState("");
  const bulk = useBulkProducts(notify, () => {
    setPending(null);
    select(new Set());
  });
  const tooMany = selected.size > LIMITS.bulkMax;
  const ask = (action: ProductBulkAction) => setPending(action === "move" ? { action, categoryId: moveTo } : { action });

  return (
    <div className="space-y-6">
      <Card>
        <ListToolbar
          title={t("title")}
          description={
            products.total !== null && total !== null && total !== undefined ? (
              <p aria-live="polite">{t("list.count", { count: products.total, total })}</p>
            ) : null
          }
          add={
            may("create") && (
              <ButtonLink to="/admin/products/new">
                <Plus className="size-4" aria-hidden="true" />
                {t("list.newProduct")}
              </ButtonLink>
            )
          }
          search={{
            id: "product-search",
            label: t("list.search"),
            placeholder: t("list.searchPlaceholder"),
            value: search,
            onChange: setSearch,
          }}
          filters={
            <>
              <LabelledSelect
                id="product-category"
                label={t("list.category")}
                value={categoryId}
                onChange={setCategoryId}
                options={[
                  { value: "", label: t("list.allCategories") },
                  ...(categories.data ?? []).map((c) => ({ value: c._id, label: c.nameFr })),
                ]}
              />
              <TranslationFilterSelect id="product-translation" value={translation} onChange={setTranslation} />
            </>
          }
        />
        {may("bulk") && (
          <div className="border-b border-slate-200 px-5 py-3">
            <Checkbox
              id="bulk-select-all"
              label={t("bulk.selectAll")}
              checked={allSelected}
              disabled={shown.length === 0}
              onChange={(e) => select(e.target.checked ? new Set(shown.map((p) => p._id)) : new Set())}
            />
          </div>
        )}
        {selected.size > 0 && may("bulk") && (
          <section
            aria-label={t("bulk.actionsLabel")}
            className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-sky-50 px-5 py-3"
            data-testid="bulk-bar"
          >
            <p className="mr-auto text-sm font-medium text-navy" aria-live="polite">
              {t("bulk.selected", { count: selected.size })}
              {tooMany && <span className="ml-2 text-red-800">{t("bulk.tooMany", { max: LIMITS.bulkMax })}</span>}
            </p>
            <Button size="sm" variant="outline" disabled={tooMany} onClick={() => ask("activate")}>
              {t("bulk.activate")}
            </Button>
            <Button size="sm" variant="outline" disabled={tooMany} onClick={() => ask("deactivate")}>
              {t("bulk.deactivate")}
            </Button>
            <span className="inline-flex items-center gap-2">
              <label htmlFor="bulk-category" className="text-sm text-slate-700">
                {t("bulk.moveTo")}
              </label>
              <Select id="bulk-category" className="w-44" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                <option value="">{t("bulk.chooseCategory")}</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.nameFr}
                  </option>
                ))}
              </Select>
              <Button size="sm" variant="outline" disabled={tooMany || moveTo === ""} onClick={() => ask("move")}>
                {t("bulk.move")}
              </Button>
            </span>
            <Button size="sm" variant="danger" disabled={tooMany} onClick={() => ask("delete")}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t("bulk.delete")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => select(new Set())}>
              {t("bulk.clear")}
            </Button>
          </section>
        )}
        <ListScreen
          query={{ data: products.data ? shown : undefined, isPending: products.isPending, error: products.error }}
          texts={{ loading: common("loading"), loadError: t("list.loadError"), empty: t("list.empty") }}
          rowTestId="product-row"
          subject="product"
          actionsHeader={t("list.columns.actions")}
          fields={[
            {
              key: "select",
              needs: "bulk",
              header: <span className="sr-only">{t("bulk.column")}</span>,
              card: "badge",
              className: "w-10",
              cell: (product) => (
                <input
                  type="checkbox"
                  className="size-4 accent-teal"
                  aria-label={t("bulk.select", { name: product.nameFr })}
                  checked={selected.has(product._id)}
                  onChange={(e) => toggle(product._id, e.target.checked)}
                />
              ),
            },
            {
              key: "image",
              header: t("list.columns.image"),
              card: "media",
              cell: (product) => (
                <img src={product.mainImageUrl} alt="" className="size-14 min-w-14 rounded-lg bg-slate-100 object-cover" loading="lazy" />
              ),
            },
            {
              key: "name",
              header: t("list.columns.name"),
              card: "title",
              className: "min-w-48",
              cell: (product) => (
                <>
                  <span className="block font-medium">{product.nameFr}</span>
                  <span className="block text-xs font-normal text-slate-600">/{product.slug}</span>
                  <TranslationBadge item={product} />
                  {isScheduled(product) && product.publishAt && (
                    <Badge tone="info" className="mt-1">
                      {t("list.scheduled", { date: formatSiteDateTime(product.publishAt) })}
                    </Badge>
                  )}
                </>
              ),
            },
            {
              key: "category",
              header: t("list.columns.category"),
              className: "whitespace-nowrap",
              cell: (product) => <CategoryName category={categoryOf(product)} />,
            },
            activeSwitchField({
              header: t("list.columns.status"),
              label: (product) => t("list.toggleLabel", { name: product.nameFr }),
              onText: t("list.active"),
              offText: t("list.inactive"),
              onToggle: setActive.mutate,
            }),
          ]}
          actions={[
            editAction<ProductListItem>({
              label: t("list.edit"),
              ariaLabel: (product) => t("list.editLabel", { name: product.nameFr }),
              href: (product) => `/admin/products/edit/${product._id}`,
              view: { label: t("list.view"), ariaLabel: (product) => t("list.viewLabel", { name: product.nameFr }) },
            }),
            {
              // Only a product visitors cannot see yet (inactive, or scheduled) needs a signed link to be seen.
              key: "preview",
              needs: "update",
              label: t("preview.button"),
              icon: Eye,
              ariaLabel: (product) => t("preview.label", { name: product.nameFr }),
              visible: (product) => !product.isActive || isScheduled(product),
              onSelect: (product) => void preview.open(product._id),
            },
          ]}
          remove={{
            label: t("list.delete"),
            ariaLabel: (product) => t("list.deleteLabel", { name: product.nameFr }),
            title: t("list.deleteTitle"),
            description: (product) => t("list.deleteDescription", { name: product.nameFr }),
            busy: remove.isPending,
            onConfirm: (product) => remove.mutateAsync(product),
          }}
        />
        <LoadMore list={products} label={t("list.more")} loadingLabel={t("list.loadingMore")} />
      </Card>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending ? t(`bulk.confirm.${pending.action}`, { count: selected.size }) : ""}
        description={
          pending?.action === "move"
            ? t("bulk.confirmMoveDescription", { category: categoryById.get(pending.categoryId ?? "")?.nameFr ?? "" })
            : pending?.action === "delete"
              ? t("bulk.confirmDeleteDescription")
              : t("bulk.confirmDescription")
        }
        confirmLabel={pending?.action === "delete" ? t("bulk.delete") : t("bulk.confirmButton")}
        cancelLabel={common("cancel")}
        tone={pending?.action === "delete" ? "danger" : "primary"}
        busy={bulk.isPending}
        onConfirm={() => {
          if (pending) bulk.mutate({ ids: [...selected], ...pending });
        }}
      />
    </div>
  );
}

/** An active product whose publication time is still ahead: "Programmé · <date>" (Tunisia time). */
function isScheduled(product: ProductListItem): boolean {
  const at = product.publishAt ? parseTimestamp(product.publishAt) : null;
  return product.isActive && at !== null && at > Date.now();
}

function CategoryName({ category }: { category: Category | null }) {
  const t = useTexts(CATALOGUE_TEXTS);
  if (!category) return <Badge>{t("list.noCategory")}</Badge>;
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span className="size-2.5 rounded-full" style={{ backgroundColor: categoryColor(category.slug) }} aria-hidden="true" />
      {category.nameFr}
    </span>
  );
}
