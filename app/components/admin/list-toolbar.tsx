import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Field, Input } from "~/components/ui/field";

/** The labelled search box of a list: what it searches, said in its label (never a placeholder alone). */
export type ToolbarSearch = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
};

/**
 * The head of every admin list (issue 32): a title row (the list's name, a line under it, and the primary "Ajouter"
 * on the right), then one row of filters: the labelled search first, then the filters the screen declares
 * (`LabelledSelect`, a checkbox, or any labelled control) in the order given. Goes at the top of the list's card.
 */
export function ListToolbar({
  title,
  description,
  add,
  search,
  filters,
}: {
  /** The list's name; a list whose tab already names it has none (nor description, nor `add`). */
  title?: ReactNode;
  description?: ReactNode;
  /** The primary action, for a role that may create; absent otherwise. */
  add?: ReactNode;
  search?: ToolbarSearch;
  /** The screen's own filters, after the search on the same row (stacked on a phone). */
  filters?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200" data-testid="list-toolbar">
      {(title || description || add) && (
        // The primary action stays on the right, beside the title however long its line, or under it on a phone.
        <div className="flex flex-col gap-3 px-5 pt-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 sm:flex-1">
            {title && <h2 className="text-base font-semibold text-navy">{title}</h2>}
            {description && <div className="mt-0.5 text-sm text-slate-600">{description}</div>}
          </div>
          {add && <div className="flex shrink-0 flex-wrap justify-end gap-2 self-end sm:self-start">{add}</div>}
        </div>
      )}
      {search || filters ? (
        <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:flex-wrap sm:items-end">
          {search && <ToolbarSearchField search={search} className="min-w-0 sm:min-w-64 sm:flex-1" />}
          {filters}
        </div>
      ) : (
        <div className="pb-4" />
      )}
    </div>
  );
}

/** The labelled search box of a toolbar (the lists', the inbox's). */
export function ToolbarSearchField({ search, className }: { search: ToolbarSearch; className?: string }) {
  return (
    <Field label={search.label} htmlFor={search.id} className={className}>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          id={search.id}
          type="search"
          value={search.value}
          placeholder={search.placeholder}
          maxLength={search.maxLength}
          autoComplete="off"
          className="pl-9"
          onChange={(e) => search.onChange(e.target.value)}
        />
      </div>
    </Field>
  );
}
