import type { MailDelivery } from "@shared/schemas/contact";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { cn } from "~/lib/cn";
import { CONTACT_TEXTS as T } from "./texts";

const STYLES = {
  sent: { icon: CircleCheck, className: "text-emerald-800" },
  pending: { icon: Clock, className: "text-amber-900" },
  failed: { icon: CircleAlert, className: "text-red-800" },
} as const;

export function deliveryLabel(delivery: MailDelivery): string {
  if (delivery.status === "sent") return T.delivery.sent;
  if (delivery.status === "failed") return T.delivery.failed(delivery.error ?? "");
  return delivery.error ? T.delivery.retrying(delivery.error) : T.delivery.pending;
}

/** Where a reply's e-mail stands, in words and an icon (never colour alone). */
export function DeliveryStatus({ delivery }: { delivery: MailDelivery }) {
  const { icon: Icon, className } = STYLES[delivery.status];
  return (
    <p
      className={cn("mt-1 flex items-start gap-1.5 text-xs font-medium", className)}
      data-testid="reply-delivery"
      data-status={delivery.status}
    >
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="break-words">{deliveryLabel(delivery)}</span>
    </p>
  );
}
