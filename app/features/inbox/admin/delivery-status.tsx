import type { Lang } from "@shared/company";
import type { MailDelivery } from "@shared/schemas/contact";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { useScreenLang } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { cn } from "~/lib/cn";
import { INBOX_TEXTS } from "./texts";

const STYLES = {
  sent: { icon: CircleCheck, className: "text-emerald-800" },
  pending: { icon: Clock, className: "text-amber-900" },
  failed: { icon: CircleAlert, className: "text-red-800" },
} as const;

export function deliveryLabel(delivery: MailDelivery, lang: Lang): string {
  if (delivery.status === "sent") return translate(INBOX_TEXTS, lang, "delivery.sent");
  if (delivery.status === "failed") return translate(INBOX_TEXTS, lang, "delivery.failed", { reason: delivery.error ?? "" });
  return delivery.error
    ? translate(INBOX_TEXTS, lang, "delivery.retrying", { reason: delivery.error })
    : translate(INBOX_TEXTS, lang, "delivery.pending");
}

/** Where a reply's e-mail stands, in words and an icon (never colour alone). */
export function DeliveryStatus({ delivery }: { delivery: MailDelivery }) {
  const lang = useScreenLang();
  const { icon: Icon, className } = STYLES[delivery.status];
  return (
    <p
      className={cn("mt-1 flex items-start gap-1.5 text-xs font-medium", className)}
      data-testid="reply-delivery"
      data-status={delivery.status}
    >
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="break-words">{deliveryLabel(delivery, lang)}</span>
    </p>
  );
}
