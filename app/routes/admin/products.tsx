import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { ResponsiveList } from "~/components/admin/responsive-list";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ItemConfirmDialog, useAlert } from "~/components/ui/dialog";
import { Field, Input, Select } from "~/components/ui/field";
import { COMMON_TEXTS, PAGE_TITLES, PRODUCT_LIST_TEXTS as T } from "~/i18n/admin/texts";
import { api } from "~/lib/admin/api";
import { productInput } from "~/lib/admin/product-payload";
import { useAllProducts, useCategories } from "~/lib/admin/queries";
import { queryKeys } from "~/lib/admin/query-keys";
import { cn } from "~/lib/cn";
import { categoryColor } from "../../../shared/colors";
import type { Category } from "../../../shared/schemas/category";
import type { Product } from "../../../shared/schemas/product";

export const meta = () => adminMeta(PAGE_TITLES.products);
export const handle: AdminHandle = { title: PAGE_TITLES.products };

function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export default function ProductList() {
  const client = useQueryClient();
  const products = useAllProducts();
  const categories = useCategories();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const { alert, element: alertElement } = useAlert(COMMON_TEXTS.errorTitle);
  const query = useDeferredValue(search);

  const categoryById = useMemo(() => new Map((categories.data ?? []).map((c) => [c._id, c])), [categories.data]);
  const all = products.data ?? [];
  const shown = useMemo(() => {
    const needle = normalize(query.trim());
    return all.filter(
      (p) =>
        (!categoryId || p.categoryId === categoryId) &&
        (!needle || [p.nameFr, p.nameEn, p.slug].some((text) => normalize(text).includes(needle))),
    );
  }, [all, query, categoryId]);

  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: queryKeys.products }), client.invalidateQueries({ queryKey: queryKeys.summary })]);

  const toggle = useMutation({
    mutationFn: async (product: Product) => {
      // The whole product is sent back, so its content blocks are read fresh first.
      const current = await api.get<Product>(`/products/id/${product._id}`);
      return api.put<Product>(`/products/${product._id}`, { ...productInput(current), isActive: !current.isActive });
    },
    onSuccess: async (updated) => {
      toast.success(T.toggled(updated.isActive));
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      alert(T.toggleError);
    },
  });

  const remove = useMutation({
    mutationFn: (product: Product) => api.delete(`/products/${product._id}`),
    onSuccess: async () => {
      setToDelete(null);
      toast.success(T.deleted);
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      setToDelete(null);
      alert(T.deleteError);
    },
  });

  const categoryOf = (product: Product) => product.category ?? categoryById.get(product.categoryId) ?? null;
  const statusSwitch = (product: Product) => (
    <StatusSwitch
      product={product}
      busy={toggle.isPending && toggle.variables?._id === product._id}
      onToggle={() => toggle.mutate(product)}
    />
  );

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-5">
        <div className="grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-end">
          <Field label={T.search} htmlFor="product-search">
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input
                id="product-search"
                type="search"
                value={search}
                placeholder={T.searchPlaceholder}
                className="pl-9"
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </Field>
          <Field label={T.category} htmlFor="product-category">
            <Select id="product-category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">{T.allCategories}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c._id} value={c._id}>
                  {c.nameFr}
                </option>
              ))}
            </Select>
          </Field>
          <ButtonLink to="/admin/products/new">
            <Plus className="size-4" aria-hidden="true" />
            {T.newProduct}
          </ButtonLink>
        </div>
      </Card>

      <Card>
        {products.isPending ? (
          <Loading label={COMMON_TEXTS.loading} />
        ) : products.isError ? (
          <div className="p-5">
            <LoadError message={T.loadError} />
          </div>
        ) : (
          <>
            <p className="border-b border-slate-200 px-5 py-3 text-sm text-slate-600" aria-live="polite">
              {T.count(shown.length, all.length)}
            </p>
            {shown.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-600">{T.empty}</p>
            ) : (
              <ResponsiveList
                items={shown}
                rowTestId="product-row"
                cardClassName="flex gap-3"
                card={(product) => (
                  <>
                    <img
                      src={product.mainImageUrl}
                      alt=""
                      className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
                      loading="lazy"
                    />
                    <div className="min-w-0 flex-1 space-y-2">
                      <div>
                        <p className="font-medium text-navy">{product.nameFr}</p>
                        <p className="truncate text-xs text-slate-600">/{product.slug}</p>
                        <CategoryName category={categoryOf(product)} />
                      </div>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        {statusSwitch(product)}
                        <RowActions product={product} onDelete={() => setToDelete(product)} />
                      </div>
                    </div>
                  </>
                )}
                columns={[
                  {
                    key: "image",
                    header: T.columns.image,
                    cell: (product) => (
                      <img
                        src={product.mainImageUrl}
                        alt=""
                        className="size-14 min-w-14 rounded-lg bg-slate-100 object-cover"
                        loading="lazy"
                      />
                    ),
                  },
                  {
                    key: "name",
                    header: T.columns.name,
                    className: "min-w-48",
                    cell: (product) => (
                      <>
                        <p className="font-medium">{product.nameFr}</p>
                        <p className="text-xs text-slate-600">/{product.slug}</p>
                      </>
                    ),
                  },
                  {
                    key: "category",
                    header: T.columns.category,
                    className: "whitespace-nowrap",
                    cell: (product) => <CategoryName category={categoryOf(product)} />,
                  },
                  { key: "status", header: T.columns.status, cell: statusSwitch },
                  {
                    key: "actions",
                    header: T.columns.actions,
                    cell: (product) => <RowActions product={product} onDelete={() => setToDelete(product)} />,
                  },
                ]}
              />
            )}
          </>
        )}
      </Card>

      <ItemConfirmDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title={T.deleteTitle}
        description={(item) => T.deleteDescription(item.nameFr)}
        confirmLabel={COMMON_TEXTS.delete}
        cancelLabel={COMMON_TEXTS.cancel}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
      />
      {alertElement}
    </div>
  );
}

function CategoryName({ category }: { category: Category | null }) {
  if (!category) return <Badge>{T.noCategory}</Badge>;
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span className="size-2.5 rounded-full" style={{ backgroundColor: categoryColor(category.slug) }} aria-hidden="true" />
      {category.nameFr}
    </span>
  );
}

function StatusSwitch({ product, busy, onToggle }: { product: Product; busy: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={product.isActive}
      aria-label={T.toggleLabel(product.nameFr)}
      disabled={busy}
      onClick={onToggle}
      className="inline-flex items-center gap-2 rounded-full text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal disabled:opacity-60"
    >
      <span className={cn("relative h-6 w-11 rounded-full transition", product.isActive ? "bg-emerald-600" : "bg-slate-400")}>
        <span
          className={cn(
            "absolute top-0.5 size-5 rounded-full bg-white shadow transition-all",
            product.isActive ? "left-[1.375rem]" : "left-0.5",
          )}
        />
      </span>
      <span className={product.isActive ? "text-emerald-800" : "text-slate-600"}>{product.isActive ? T.active : T.inactive}</span>
    </button>
  );
}

function RowActions({ product, onDelete }: { product: Product; onDelete: () => void }) {
  return (
    <div className="flex justify-end gap-1.5 whitespace-nowrap">
      <Link
        to={`/admin/products/edit/${product._id}`}
        className={buttonClass({ variant: "ghost", size: "sm" })}
        aria-label={`${T.edit} : ${product.nameFr}`}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {T.edit}
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={`${T.delete} : ${product.nameFr}`}
        onClick={onDelete}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {T.delete}
      </Button>
    </div>
  );
}
