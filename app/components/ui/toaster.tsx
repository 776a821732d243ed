import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";

/**
 * sonner's rich colours put text at about 4.2:1 on its tinted backgrounds (success green); these darker texts reach at
 * least 4.5:1 (WCAG AA) on the same backgrounds. Inline, so they beat the stylesheet sonner injects at run time.
 */
const READABLE_TOAST_TEXT = {
  "--success-text": "#166534",
  "--error-text": "#b91c1c",
  "--info-text": "#1d4ed8",
  "--warning-text": "#92400e",
} as CSSProperties;

/** Mounted once per layout that needs toasts; `closeLabel` names the close button in the page's language. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      duration={3000}
      style={READABLE_TOAST_TEXT}
      toastOptions={{ closeButtonAriaLabel: closeLabel }}
    />
  );
}
