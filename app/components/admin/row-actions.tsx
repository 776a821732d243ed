import type { ResourceAction } from "@shared/resources/define";
import { Eye, type LucideIcon, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ActiveStatus, ActiveSwitch } from "./active-switch";

/** A button (or a link with `href`) on each row; `danger` actions are red. */
export type RowAction<T> = {
  key: string;
  label: string;
  /** The accessible name, which says which item it acts on. */
  ariaLabel: (item: T) => string;
  icon?: LucideIcon;
  tone?: "danger";
  /** The button's look (ghost by default). */
  variant?: "ghost" | "outline";
  href?: (item: T) => string;
  onSelect?: (item: T) => void;
  disabled?: (item: T) => boolean;
  /** When false for an item, the action is not shown (e.g. "Activer" on the active banner). */
  visible?: (item: T) => boolean;
  /** The action of the list's subject it does (`ListScreen`'s `subject`): not shown to a role that may not do it… */
  needs?: ResourceAction;
  /** …or this one in its place (e.g. "Voir" for "Modifier"). */
  instead?: RowAction<T>;
};

/** A delete action with its confirmation dialog; focus goes back to the row's button when the dialog closes. */
export type RowDelete<T> = {
  label: string;
  ariaLabel: (item: T) => string;
  /** A bin unless told otherwise (e.g. a cross to cancel an invitation). */
  icon?: LucideIcon;
  title: string;
  description: ReactNode | ((item: T) => ReactNode);
  /** The dialog's cancel button: the back office's "Annuler" / "Cancel" unless told otherwise. */
  cancelLabel?: string;
  busy: boolean;
  /** The dialog stays open (busy) until a returned promise settles, e.g. `(item) => mutation.mutateAsync(item)`. */
  onConfirm: (item: T) => Promise<unknown> | undefined;
  /** When false for an item, its delete button is not shown (e.g. the default banner). */
  allowed?: (item: T) => boolean;
};

/**
 * The "Modifier" / "Edit" action of a row: a pencil and the label, the accessible name naming the item. Either a link to
 * the item's own page (`href`), or a button (`onSelect`); `scrollToTop` for a screen whose form opens above its list.
 * Only for a role that may update the list's subject; with `view`, a role that may not gets "Voir" to the same page.
 */
export function editAction<T>({
  label,
  ariaLabel,
  href,
  onSelect,
  scrollToTop,
  view,
}: {
  label: string;
  ariaLabel: (item: T) => string;
  href?: (item: T) => string;
  onSelect?: (item: T) => void;
  scrollToTop?: boolean;
  view?: { label: string; ariaLabel: (item: T) => string };
}): RowAction<T> {
  return {
    key: "edit",
    label,
    icon: Pencil,
    ariaLabel,
    href,
    needs: "update",
    instead: view && href ? { key: "view", label: view.label, icon: Eye, ariaLabel: view.ariaLabel, href } : undefined,
    onSelect: onSelect
      ? (item) => {
          onSelect(item);
          if (scrollToTop) window.scrollTo({ top: 0, behavior: "smooth" });
        }
      : undefined,
  };
}

/**
 * The list's "Statut" column of an item that can be switched on and off (products, pages, partners): the active switch,
 * its accessible name naming the item; `onToggle` gets the item and the wanted state (e.g. a mutation's `mutate`). A
 * role that may not switch the list's subject sees the status as text.
 */
export function activeSwitchField<T extends { isActive: boolean }>({
  header,
  label,
  onText,
  offText,
  onToggle,
}: {
  header: ReactNode;
  label: (item: T) => string;
  onText: string;
  offText: string;
  onToggle: (change: { item: T; isActive: boolean }) => void;
}) {
  return {
    key: "status",
    header,
    needs: "switch" as const,
    readOnlyCell: (item: T) => <ActiveStatus checked={item.isActive} onText={onText} offText={offText} />,
    cell: (item: T) => (
      <ActiveSwitch
        checked={item.isActive}
        label={label(item)}
        onText={onText}
        offText={offText}
        onToggle={(isActive) => onToggle({ item, isActive })}
      />
    ),
  };
}

/**
 * The buttons of one list row, the same size everywhere: the screen's actions in their order (ghost or outline, small,
 * icon then label), then the red delete button, which asks `onDelete` to open the confirmation.
 */
export function RowActions<T>({
  item,
  actions,
  remove,
  onDelete,
  stack,
}: {
  item: T;
  actions: RowAction<T>[];
  remove?: RowDelete<T>;
  onDelete: (item: T) => void;
  /** In the table, the buttons one above the other. */
  stack?: boolean;
}) {
  const DeleteIcon = remove?.icon ?? Trash2;
  return (
    <div
      className={cn(
        "flex flex-wrap justify-end gap-1.5 max-md:justify-start md:flex-nowrap md:whitespace-nowrap",
        stack && "md:flex-col md:items-end",
      )}
    >
      {actions.map(({ key, label, ariaLabel, icon: Icon, tone, variant = "ghost", href, onSelect, disabled, visible }) => {
        if (visible && !visible(item)) return null;
        const content = (
          <>
            {Icon && <Icon className="size-4" aria-hidden="true" />}
            {label}
          </>
        );
        const className = cn(tone === "danger" && "text-red-700 hover:bg-red-50");
        return href ? (
          <Link key={key} to={href(item)} aria-label={ariaLabel(item)} className={cn(buttonClass({ variant, size: "sm" }), className)}>
            {content}
          </Link>
        ) : (
          <Button
            key={key}
            variant={variant}
            size="sm"
            className={className}
            aria-label={ariaLabel(item)}
            disabled={disabled?.(item)}
            onClick={() => onSelect?.(item)}
          >
            {content}
          </Button>
        );
      })}
      {remove && (remove.allowed?.(item) ?? true) && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          aria-label={remove.ariaLabel(item)}
          onClick={() => onDelete(item)}
        >
          <DeleteIcon className="size-4" aria-hidden="true" />
          {remove.label}
        </Button>
      )}
    </div>
  );
}
