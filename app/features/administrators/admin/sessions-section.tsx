import type { AdminSession } from "@shared/schemas/admin-security";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { ListScreen } from "~/components/admin/list-screen";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { localized } from "~/lib/admin/messages";
import { cn } from "~/lib/cn";
import { useEndOtherSessions, useEndSession, useMySessions } from "./sessions-api";
import { SESSIONS_TEXTS as T } from "./texts";

const END_OTHERS_ID = "end-other-sessions";

/** "Firefox · Ordinateur": what the session's browser told at sign-in, in words. */
export function sessionLabel(session: Pick<AdminSession, "browser" | "device">): string {
  const browser = session.browser ? localized(session.browser, "fr") : T.unknownBrowser;
  const device = session.device ? T.devices[session.device] : T.unknownDevice;
  return `${browser} · ${device}`;
}

/** "Sessions actives" of Mon compte: where the account is signed in; end one, or all but this one. */
export function SessionsSection() {
  const sessions = useMySessions();
  const [confirming, setConfirming] = useState(false);
  // The row's button disappears with its row: focus goes to the next thing one may do here.
  const end = useEndSession(() => document.getElementById(END_OTHERS_ID)?.focus());
  const endOthers = useEndOtherSessions();
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  return (
    <Card className="max-w-3xl">
      <CardHeader title={T.title} description={T.intro} />
      <ListScreen<AdminSession>
        query={sessions}
        texts={{ loading: T.loading, loadError: T.loadError, empty: T.empty }}
        rowTestId="session-row"
        actionsHeader={T.colActions}
        fields={[
          {
            key: "device",
            header: T.colDevice,
            card: "title",
            cell: (s) => (
              <span className="inline-flex flex-wrap items-center gap-2">
                {sessionLabel(s)}
                {s.current && <Badge tone="info">{T.current}</Badge>}
              </span>
            ),
          },
          { key: "signedIn", header: T.colSignedIn, cell: (s) => formatFrenchDateTime(s.createdAt) },
          { key: "lastSeen", header: T.colLastSeen, cell: (s) => formatFrenchDateTime(s.lastSeenAt) },
        ]}
        actions={[
          {
            key: "end",
            label: T.end,
            ariaLabel: (s) => T.endAria(sessionLabel(s), formatFrenchDateTime(s.createdAt)),
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
            {T.endOthers}
          </Button>
          {!hasOthers && (
            <p id="no-other-sessions" className="text-sm text-slate-600">
              {T.noOthers}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.endOthersTitle}
        description={T.endOthersDescription}
        confirmLabel={T.endOthers}
        cancelLabel={T.cancel}
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
