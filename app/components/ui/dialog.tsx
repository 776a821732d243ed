import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { Button } from "./button";

/** What a dialog can give focus back to. */
const CONTROL = "button, a[href], input, select, textarea, summary, [tabindex]";

/**
 * The control the pointer pressed last, until a key is pressed. Safari (and Firefox on macOS) do not focus a button
 * that is clicked: there, focus is still on the page's body when a click opens a dialog, and only this tells who did.
 */
let pressed: HTMLElement | null = null;
let trackingPresses = false;

function trackPresses() {
  if (trackingPresses) return;
  trackingPresses = true;
  document.addEventListener(
    "pointerdown",
    (event) => {
      pressed = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    },
    true,
  );
  document.addEventListener(
    "keydown",
    () => {
      pressed = null;
    },
    true,
  );
}

/**
 * The `onCloseAutoFocus` of a Radix dialog opened from state rather than from a `Dialog.Trigger`: gives focus back to
 * the control that opened it (the one just clicked, else the one that had focus when `open` became true). Radix alone
 * would focus its trigger, and with none it leaves focus on the page's body.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(trackPresses, []);
  useLayoutEffect(() => {
    if (!open) return;
    const focused =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    opener.current = pressed?.isConnected ? pressed : focused;
  }, [open]);
  return useCallback((event: Event) => {
    if (opener.current?.isConnected) {
      event.preventDefault();
      opener.current.focus();
    }
  }, []);
}

/** The dialog frame every dialog of the back office uses: title, description, then `children` (its buttons or a form). */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  role = "dialog",
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  role?: "dialog" | "alertdialog";
  /** A dialog holding a grid (the media picker): wider, and scrolled inside when taller than the screen. */
  wide?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-navy/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          role={role}
          onCloseAutoFocus={returnFocus}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none",
            wide ? "max-h-[calc(100vh-2rem)] max-w-4xl overflow-y-auto" : "max-w-md",
          )}
        >
          <RadixDialog.Title className="text-lg font-semibold text-navy">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 text-sm text-slate-700">{description}</div>
          </RadixDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  tone?: "danger" | "primary";
  busy?: boolean;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = "danger",
  busy,
}: ConfirmDialogProps) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={title} description={description} role="alertdialog">
      <RadixDialog.Close asChild>
        <Button variant="secondary">{cancelLabel}</Button>
      </RadixDialog.Close>
      <Button variant={tone === "danger" ? "danger" : "primary"} loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </DialogShell>
  );
}

/** A confirmation about one item (e.g. "delete this?"): open while `item` is set; `onClose` clears it. */
export function ItemConfirmDialog<T>({
  item,
  onClose,
  description,
  onConfirm,
  ...rest
}: Omit<ConfirmDialogProps, "open" | "onOpenChange" | "description" | "onConfirm"> & {
  item: T | null;
  onClose: () => void;
  description: ReactNode | ((item: T) => ReactNode);
  onConfirm: (item: T) => void;
}) {
  const text = typeof description === "function" ? (item === null ? null : description(item)) : description;
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      description={text}
      onConfirm={() => {
        if (item !== null) onConfirm(item);
      }}
      {...rest}
    />
  );
}

export function AlertDialog({
  open,
  onOpenChange,
  title,
  message,
  okLabel = "OK",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  okLabel?: string;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={title} description={message} role="alertdialog">
      <RadixDialog.Close asChild>
        <Button>{okLabel}</Button>
      </RadixDialog.Close>
    </DialogShell>
  );
}

/** An accessible replacement for window.alert: render `element` once, call `alert(message)`. */
export function useAlert(defaultTitle = "Information") {
  const [state, setState] = useState<{ message: string; title: string } | null>(null);
  const alert = useCallback((message: string, title?: string) => setState({ message, title: title ?? defaultTitle }), [defaultTitle]);
  const element = (
    <AlertDialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) setState(null);
      }}
      title={state?.title ?? defaultTitle}
      message={<p className="whitespace-pre-line">{state?.message}</p>}
    />
  );
  return { alert, element };
}
