import { CircleAlert, CircleCheck, Clock, X } from "lucide-react";
import { useTexts } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";
import { INBOX_TEXTS } from "./texts";

/** `info`: the reply is saved but its e-mail is queued for a retry. */
export type ReplyNotice = { kind: "success" | "info" | "error"; title?: string; message: string };

const STYLES = {
  success: { icon: CircleCheck, className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  info: { icon: Clock, className: "border-amber-200 bg-amber-50 text-amber-900" },
  error: { icon: CircleAlert, className: "border-red-200 bg-red-50 text-red-900" },
} as const;

/** The success/error banner of the reply form; it closes by itself (timed by the parent) or by hand. */
export function ReplyBanner({ notice, onClose }: { notice: ReplyNotice; onClose: () => void }) {
  const t = useTexts(INBOX_TEXTS);
  const { icon: Icon, className } = STYLES[notice.kind];
  return (
    <div
      role={notice.kind === "error" ? "alert" : "status"}
      className={cn("flex items-start gap-3 rounded-xl border px-4 py-3 text-sm", className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        {notice.title && <strong className="mr-1 font-semibold">{notice.title}</strong>}
        {notice.message}
      </p>
      <button
        type="button"
        onClick={onClose}
        aria-label={t("closeBanner")}
        className="-m-1 rounded-lg p-1 hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-current"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
