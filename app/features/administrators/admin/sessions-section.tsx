import type { AdminSession } from "@shared/schemas/admin-security";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { ListScreen } from "~/components/admin/list-screen";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";
import { useEndOtherSessions, useEndSession, useMySessions } from "./sessions-api";
import { ADMINISTRATORS_TEXTS } from "./texts";

const END_OTHERS_ID = "end-other-sessions";

type Translate = ReturnType<typeof useTexts<typeof ADMINISTRATORS_TEXTS>>;

/** The browser family the server stores for a user agent it does not name (server/services/session-client.ts). */
const OTHER_BROWSER = "Autre / Other";

/** "Firefox · Ordinateur": what the session's browser told at sign-in, in words. */
export function sessionLabel(session: Pick<AdminSession, "browser" | "device">, t: Translate): string {
  const browser = !session.browser
    ? t("sessions.unknownBrowser")
    : session.browser === OTHER_BROWSER
      ? t("sessions.otherBrowser")
      : session.browser;
  const device = session.device ? t(`sessions.devices.${session.device}`) : t("sessions.unknownDevice");
  return `${browser} · ${device}`;
}

/** "Sessions actives" of Mon compte: where the account is signed in; end one, or all but this one. */
export function SessionsSection() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const sessions = useMySessions();
  const [confirming, setConfirming] = useState(false);
  // The row's button disappears with its row: focus goes to the next thing one may do here.
  const end = useEndSession(() => document.getElementById(END_OTHERS_ID)?.focus());
  const endOthers = useEndOtherSessions();
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  return (
    <Card className="max-w-3xl">
      <CardHeader title={t("sessions.title")} description={t("sessions.intro")} />
      <ListScreen<AdminSession>
        query={sessions}
        texts={{ loading: t("sessions.loading"), loadError: t("sessions.loadError"), empty: t("sessions.empty") }}
        rowTestId="session-row"
        actionsHeader={t("sessions.colActions")}
        fields={[
          {
            key: "device",
            header: t("sessions.colDevice"),
            card: "title",
            cell: (s) => (
              <span className="inline-flex flex-wrap items-center gap-2">
                {sessionLabel(s, t)}
                {s.current && <Badge tone="info">{t("sessions.current")}</Badge>}
              </span>
            ),
          },
          { key: "signedIn", header: t("sessions.colSignedIn"), cell: (s) => formatFrenchDateTime(s.createdAt) },
          { key: "lastSeen", header: t("sessions.colLastSeen"), cell: (s) => formatFrenchDateTime(s.lastSeenAt) },
        ]}
        actions={[
          {
            key: "end",
            label: t("sessions.end"),
            ariaLabel: (s) => t("sessions.endAria", { session: sessionLabel(s, t), signedIn: formatFrenchDateTime(s.createdAt) }),
            icon: LogOut,
            tone: "danger",
            visible: (s) => !s.current,
            disabled: () => end.isPending,
            onSelect: (s) => end.mutate(s),
          },
        ]}
      />
      {sessions.data && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 p-5 sm:px-6">
          {/* Stays focusable when there is nothing left to end, so focus can come back to it when its dialog closes. */}
          <Button
            id={END_OTHERS_ID}
            variant="outline"
            aria-disabled={!hasOthers || undefined}
            aria-describedby={hasOthers ? undefined : "no-other-sessions"}
            className={cn("h-auto min-h-11 py-2", !hasOthers && "cursor-not-allowed opacity-60")}
            onClick={() => {
              if (hasOthers) setConfirming(true);
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {t("sessions.endOthers")}
          </Button>
          {!hasOthers && (
            <p id="no-other-sessions" className="text-sm text-slate-600">
              {t("sessions.noOthers")}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("sessions.endOthersTitle")}
        description={t("sessions.endOthersDescription")}
        confirmLabel={t("sessions.endOthers")}
        cancelLabel={common("cancel")}
        busy={endOthers.isPending}
        onConfirm={() => {
          void endOthers
            .mutateAsync()
            .catch(() => undefined)
            .finally(() => setConfirming(false));
        }}
      />
    </Card>
  );
}
