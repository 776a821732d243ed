import { TIMINGS } from "@shared/limits";

const TONES = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  error: "bg-red-50 text-red-900 ring-red-300",
} as const;

const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

/** A toast in the page's live region for `TIMINGS.contactToast` (3 s, product.md "Contact"); its close button dismisses it earlier. */
export function showToast(region: HTMLElement, tone: keyof typeof TONES, message: string, closeLabel: string): void {
  const toast = document.createElement("div");
  toast.setAttribute("role", tone === "error" ? "alert" : "status");
  toast.dataset.toast = tone;
  toast.className = `pointer-events-auto flex w-full items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ring-1 ${TONES[tone]}`;
  const text = document.createElement("p");
  text.className = "flex-1";
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", closeLabel);
  close.className = "rounded-full p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current";
  close.innerHTML = CLOSE_ICON;
  toast.append(text, close);

  const remove = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const timer = setTimeout(remove, TIMINGS.contactToast);
  close.addEventListener("click", remove);
  region.append(toast);
}
