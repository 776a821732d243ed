import { Toaster as Sonner } from "sonner";

/** Mounted once per layout that needs toasts; `closeLabel` names the close button in the page's language. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  return <Sonner position="top-right" richColors closeButton duration={3000} toastOptions={{ closeButtonAriaLabel: closeLabel }} />;
}
