import { can, type Subject } from "@shared/access";
import type { ResourceAction } from "@shared/resources/define";
import { type ReactNode, useId, useState } from "react";
import { ItemConfirmDialog } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { useRole } from "~/lib/admin/access";
import { LoadError, Loading } from "./load-error";
import { type ListColumn, ResponsiveList, useWideScreen } from "./responsive-list";
import { type RowAction, RowActions, type RowDelete } from "./row-actions";

export type { RowAction, RowDelete } from "./row-actions";

/** One piece of a row, described once: a table cell from `md` up, a part of the card on phones. */
export type RowField<T> = {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /**
   * Its place on the phone card: the picture, the title, a badge beside the title, a labelled line (default), a block
   * below the lines without a label (for content that is not phrasing, such as a `<details>`), or absent.
   */
  card?: "media" | "title" | "badge" | "line" | "block" | "none";
  className?: string;
  /** The action of the list's subject the cell does (a switch, a bulk checkbox): for a role that may not… */
  needs?: ResourceAction;
  /** …this cell instead, or no such column. */
  readOnlyCell?: (item: T) => ReactNode;
};

type ListScreenProps<T> = {
  /** A react-query result (or the same three facts). */
  query: { data?: T[] | undefined; isPending: boolean; error: unknown };
  /** What to show, when the screen filters or sorts `query.data`. */
  items?: T[];
  texts: { loading: string; loadError: string; empty: ReactNode };
  fields: RowField<T>[];
  actions?: RowAction<T>[];
  remove?: RowDelete<T>;
  actionsHeader: ReactNode;
  /** In the table, a row's buttons one above the other (a screen with long action labels and many columns). */
  stackActions?: boolean;
  /** Marks each row (card or table row), for tests. */
  rowTestId: string;
  /**
   * What the rows are (decision 0114): the fields and actions that say what they `need`, and the delete, are shown only
   * to a role that may do it to this subject. Without it, everything given is shown.
   */
  subject?: Subject;
};

/** The fields, actions and delete of a list the signed-in role may use, each screen declaring its own once. */
function allowed<T>(may: (action: ResourceAction) => boolean, fields: RowField<T>[], actions: RowAction<T>[], remove?: RowDelete<T>) {
  return {
    fields: fields.flatMap((field) => {
      if (!field.needs || may(field.needs)) return [field];
      return field.readOnlyCell ? [{ ...field, cell: field.readOnlyCell }] : [];
    }),
    actions: actions.flatMap((action) => {
      if (!action.needs || may(action.needs)) return [action];
      return action.instead ? [action.instead] : [];
    }),
    remove: remove && may("delete") ? remove : undefined,
  };
}

function Card<T>({ item, fields, actions }: { item: T; fields: RowField<T>[]; actions: (titleId: string) => ReactNode }) {
  const titleId = useId();
  const part = (place: NonNullable<RowField<T>["card"]>) => fields.filter((f) => (f.card ?? "line") === place);
  const media = part("media");
  return (
    <div className="flex gap-3">
      {media.map((f) => (
        <div key={f.key} className="shrink-0">
          {f.cell(item)}
        </div>
      ))}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          {part("title").map((f, i) => (
            <p key={f.key} id={i === 0 ? titleId : undefined} className="font-medium text-navy">
              {f.cell(item)}
            </p>
          ))}
          {part("badge").map((f) => (
            <span key={f.key}>{f.cell(item)}</span>
          ))}
        </div>
        {part("line").map((f) => (
          <p key={f.key} className="text-sm text-slate-600">
            <span className="font-medium text-slate-700">{f.header} : </span>
            {f.cell(item)}
          </p>
        ))}
        {part("block").map((f) => (
          <div key={f.key} className="text-sm text-slate-600">
            {f.cell(item)}
          </div>
        ))}
        {actions(titleId)}
      </div>
    </div>
  );
}

/**
 * The admin list block: loading, load error, empty, then the rows (cards on phones, a table from `md` up, only one of
 * the two in the page), each
 * with its actions and an optional confirmed delete.
 */
export function ListScreen<T extends { _id: string }>({
  query,
  items,
  texts,
  fields: declaredFields,
  actions: declaredActions = [],
  remove: declaredRemove,
  actionsHeader,
  stackActions,
  rowTestId,
  subject,
}: ListScreenProps<T>) {
  const common = useTexts(COMMON_TEXTS);
  const role = useRole();
  const { fields, actions, remove } = allowed(
    (action) => subject === undefined || can(role, subject, action),
    declaredFields,
    declaredActions,
    declaredRemove,
  );
  const [toDelete, setToDelete] = useState<T | null>(null);
  const list = items ?? query.data ?? [];
  const wide = useWideScreen();
  const rowActions = (item: T, titleId?: string) => (
    <RowActions
      item={item}
      actions={actions}
      remove={remove}
      onDelete={setToDelete}
      stack={stackActions}
      menu={!wide}
      moreLabel={common("moreActions")}
      describedBy={titleId}
    />
  );
  const columns: ListColumn<T>[] = [
    ...fields.map(({ key, header, cell, className }) => ({ key, header, cell, className })),
    // As narrow as its buttons, which keep their slots row after row: the column never moves.
    ...(actions.length || remove
      ? [{ key: "actions", header: actionsHeader, cell: (item: T) => rowActions(item), className: "w-px" }]
      : []),
  ];

  let body: ReactNode;
  if (query.isPending) body = <Loading label={texts.loading} />;
  else if (query.error && !query.data) body = <LoadError message={texts.loadError} />;
  else if (list.length === 0) body = <p className="px-5 py-10 text-center text-sm text-slate-600">{texts.empty}</p>;
  else
    body = (
      <ResponsiveList
        items={list}
        rowTestId={rowTestId}
        columns={columns}
        card={(item) => <Card item={item} fields={fields} actions={(titleId) => rowActions(item, titleId)} />}
      />
    );

  return (
    <>
      {body}
      {remove && (
        <ItemConfirmDialog
          item={toDelete}
          onClose={() => setToDelete(null)}
          title={remove.title}
          description={remove.description}
          confirmLabel={remove.label}
          cancelLabel={remove.cancelLabel ?? common("cancel")}
          busy={remove.busy}
          onConfirm={(item) => {
            void Promise.resolve(remove.onConfirm(item))
              .catch(() => undefined)
              .finally(() => setToDelete(null));
          }}
        />
      )}
    </>
  );
}
