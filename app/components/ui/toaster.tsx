import { Toaster as Sonner } from "sonner";

/** Mounted once per layout that needs toasts. */
export function Toaster() {
  return <Sonner position="top-right" richColors closeButton duration={3000} />;
}
