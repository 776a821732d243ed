import { TIMINGS } from "@shared/limits";
import { CircleAlert, CircleCheck, LoaderCircle, X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { feedback } from "~/lib/admin/feedback";
import { cn } from "~/lib/cn";

const TONES = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  progress: "bg-white text-navy ring-slate-200",
  error: "bg-red-50 text-red-900 ring-red-200",
} as const;
const ICONS = { success: CircleCheck, progress: LoaderCircle, error: CircleAlert } as const;

/**
 * Where the back office says how an action ended (`feedback` in app/lib/admin/feedback.ts): mounted once by the admin
 * providers, at the bottom right (the bottom of a phone), over no title nor primary button. Both live regions are in
 * the page from the start, so a screen reader hears each new message: a status (polite) for successes and progress,
 * an alert (assertive) for failures; the roles are on the messages, so an empty region is no status.
 */
export function FeedbackRegion() {
  const common = useTexts(COMMON_TEXTS);
  const message = useSyncExternalStore(feedback.subscribe, feedback.snapshot, () => null);

  useEffect(() => {
    if (message?.tone !== "success") return;
    const timer = setTimeout(() => feedback.dismiss(message.id), TIMINGS.adminSuccess);
    return () => clearTimeout(timer);
  }, [message]);

  const box = (region: "polite" | "assertive") => {
    if (!message || (region === "assertive") !== (message.tone === "error")) return null;
    const Icon = ICONS[message.tone];
    return (
      <div
        role={message.tone === "error" ? "alert" : "status"}
        data-feedback={message.tone}
        className={cn(
          "pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ring-1",
          TONES[message.tone],
        )}
      >
        <Icon className={cn("mt-0.5 size-4 shrink-0", message.tone === "progress" && "motion-safe:animate-spin")} aria-hidden="true" />
        <p className="min-w-0 flex-1 whitespace-pre-line">{message.text}</p>
        {message.tone !== "progress" && (
          <button
            type="button"
            aria-label={common("close")}
            onClick={() => feedback.dismiss(message.id)}
            className="-m-1 rounded-md p-1 hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-current"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    );
  };

  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 space-y-2 sm:left-auto sm:w-96 sm:right-6">
      <div aria-live="polite" data-testid="feedback-status">
        {box("polite")}
      </div>
      <div aria-live="assertive" data-testid="feedback-alert">
        {box("assertive")}
      </div>
    </div>
  );
}
