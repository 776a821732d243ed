import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ResourceAction } from "@shared/resources/define";
import { Ellipsis, Eye, type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ActiveStatus, ActiveSwitch } from "./active-switch";

/** A button (or a link with `href`) on each row; `danger` actions are quiet until pointed at, then red. */
export type RowAction<T> = {
  key: string;
  label: string;
  /** The accessible name, which says which item it acts on. */
  ariaLabel: (item: T) => string;
  icon?: LucideIcon;
  tone?: "danger";
  /** The button's look: ghost (quiet) by default; `outline` for the row's main action (Modifier), kept out of the phone menu. */
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
    variant: "outline",
    ariaLabel,
    href,
    needs: "update",
    instead: view && href ? { key: "view", label: view.label, icon: Eye, variant: "outline", ariaLabel: view.ariaLabel, href } : undefined,
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

/** Whether an action is shown for an item. */
const shown = <T,>(action: RowAction<T>, item: T) => !action.visible || action.visible(item);

/** One action as a small button (or link): `hidden` keeps its room, invisible, for a row where it does not apply. */
function ActionButton<T>({ action, item, hidden }: { action: RowAction<T>; item: T; hidden?: boolean }) {
  const { label, ariaLabel, icon: Icon, tone, variant = "ghost", href, onSelect, disabled } = action;
  const content = (
    <>
      {Icon && <Icon className="size-4" aria-hidden="true" />}
      {label}
    </>
  );
  const className = cn(tone === "danger" && DELETE_LOOK, hidden && "invisible");
  if (hidden)
    return (
      <span aria-hidden="true" className={cn(buttonClass({ variant, size: "sm" }), className)}>
        {content}
      </span>
    );
  return href ? (
    <Link to={href(item)} aria-label={ariaLabel(item)} className={cn(buttonClass({ variant, size: "sm" }), className)}>
      {content}
    </Link>
  ) : (
    <Button
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
}

/** A destructive action stays quiet until pointed at or focused: then red. */
const DELETE_LOOK = "text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:text-red-700";

/** The delete of a row as an action (a bin unless told otherwise), shown only where `allowed`. */
function deleteAction<T>(remove: RowDelete<T>, onDelete: (item: T) => void): RowAction<T> {
  return {
    key: "delete",
    label: remove.label,
    ariaLabel: remove.ariaLabel,
    icon: remove.icon ?? Trash2,
    tone: "danger",
    onSelect: onDelete,
    visible: remove.allowed,
  };
}

/**
 * The actions of one list row (issue 32). In the table: each action in its own slot, in the same order on every row
 * (an action that does not apply to a row keeps its room, so nothing moves), the emphasised ones (`variant:
 * "outline"`, e.g. Modifier) first-looking, the others quiet, the delete quiet until pointed at. On a phone card: the
 * emphasised actions as buttons, the others and the delete in the row's "Plus d'actions" menu (a row with a
 * single action, such as a session's "Terminer", shows it as it is).
 */
export function RowActions<T>({
  item,
  actions,
  remove,
  onDelete,
  stack,
  menu,
  moreLabel,
  describedBy,
}: {
  item: T;
  actions: RowAction<T>[];
  remove?: RowDelete<T>;
  onDelete: (item: T) => void;
  /** In the table, the buttons one above the other. */
  stack?: boolean;
  /** The phone layout: secondary actions and the delete in a menu. */
  menu?: boolean;
  /** The menu button's name ("Plus d'actions"). */
  moreLabel: string;
  /** The id of the row's title, which describes the menu button. */
  describedBy?: string;
}) {
  const all = remove ? [...actions, deleteAction(remove, onDelete)] : actions;
  const visible = all.filter((action) => shown(action, item));
  const outside = visible.filter((action) => action.variant === "outline");
  const inside = visible.filter((action) => action.variant !== "outline");
  // A menu for one action would only hide it: a row with a single action shows it as it is.
  if (!menu || visible.length <= 1)
    return (
      <div className={cn("flex justify-end gap-1.5 whitespace-nowrap", stack && "flex-col items-end")}>
        {/* Stacked or on a phone card, a missing action would leave a hole: only in the table's row does it keep its room. */}
        {all.map((action) =>
          (stack || menu) && !shown(action, item) ? null : (
            <ActionButton key={action.key} action={action} item={item} hidden={!shown(action, item)} />
          ),
        )}
      </div>
    );
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {outside.map((action) => (
        <ActionButton key={action.key} action={action} item={item} />
      ))}
      {inside.length > 0 && <RowMenu item={item} actions={inside} label={moreLabel} describedBy={describedBy} />}
    </div>
  );
}

/**
 * The "Plus d'actions" menu of a phone card (Radix: a button with aria-expanded, arrow keys, Escape closes and focus
 * returns to the button). An action that opens a dialog runs once the menu has closed and given focus back to its
 * button, so the dialog gives it back there in turn.
 */
function RowMenu<T>({ item, actions, label, describedBy }: { item: T; actions: RowAction<T>[]; label: string; describedBy?: string }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<RowAction<T> | null>(null);
  return (
    <DropdownMenu.Root modal={false}>
      {/* An icon button (named, with a tooltip): beside "Modifier" on the narrowest card. */}
      <DropdownMenu.Trigger
        ref={trigger}
        className={cn(buttonClass({ variant: "ghost", size: "sm" }), "w-9 px-0")}
        aria-label={label}
        title={label}
        aria-describedby={describedBy}
      >
        <Ellipsis className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      {/* No portal: the menu stays inside the page's main landmark (its popper is fixed, so nothing clips it). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        onCloseAutoFocus={(event) => {
          const action = chosen.current;
          chosen.current = null;
          if (!action || action.href) return;
          event.preventDefault();
          trigger.current?.focus();
          action.onSelect?.(item);
        }}
      >
        {actions.map((action) => {
          const Icon = action.icon;
          const className = cn(
            "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-navy outline-none select-none",
            "data-[highlighted]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60",
            action.tone === "danger" && "text-red-800 data-[highlighted]:bg-red-50",
          );
          const content = (
            <>
              {Icon && <Icon className="size-4" aria-hidden="true" />}
              {action.label}
            </>
          );
          return action.href ? (
            <DropdownMenu.Item key={action.key} asChild className={className}>
              <Link to={action.href(item)} aria-label={action.ariaLabel(item)}>
                {content}
              </Link>
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item
              key={action.key}
              className={className}
              aria-label={action.ariaLabel(item)}
              disabled={action.disabled?.(item)}
              onSelect={() => {
                chosen.current = action;
              }}
            >
              {content}
            </DropdownMenu.Item>
          );
        })}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
