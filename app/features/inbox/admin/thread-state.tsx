import { THREAD_STATE_LABELS, type ThreadState } from "@shared/thread-states";
import { MailWarning } from "lucide-react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { INBOX_TEXTS } from "./texts";

/** Amber while the conversation waits for us to answer the buyer, calm once it waits for them or is closed. */
const STATE_TONES: Record<ThreadState, BadgeTone> = {
  new: "info",
  waiting_us: "warning",
  waiting_customer: "neutral",
  answered: "success",
};

/** Where a conversation stands (decision 0115), in words: the state's own name in the screen's language. */
export function StateBadge({ state }: { state: ThreadState }) {
  const lang = useScreenLang();
  return <Badge tone={STATE_TONES[state]}>{THREAD_STATE_LABELS[state][lang]}</Badge>;
}

/** A mail to the buyer bounced: "Adresse non distribuable", with an icon (never colour alone). */
export function UndeliverableBadge() {
  const t = useTexts(INBOX_TEXTS);
  return (
    <Badge tone="danger" className="gap-1">
      <MailWarning className="size-3.5" aria-hidden="true" />
      {t("undeliverable")}
    </Badge>
  );
}
