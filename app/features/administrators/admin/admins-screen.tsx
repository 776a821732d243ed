import type { AdminAccount, PendingInvitation } from "@shared/schemas/admin-security";
import { LogOut, Trash2, X } from "lucide-react";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { adminMeta } from "~/components/admin/meta";
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { ItemConfirmDialog } from "~/components/ui/dialog";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { useSession } from "~/lib/admin/session";
import { AddAdminForm } from "./add-admin-form";
import { useAdmins, useCancelInvitation, useRemoveAdmin } from "./admins-api";
import { useEndAdminSessions } from "./sessions-api";
import { SECURITY_TITLES, USERS_TEXTS as T } from "./texts";

export const meta = () => adminMeta(SECURITY_TITLES.users);
export const handle: AdminHandle = { title: SECURITY_TITLES.users };

/** "Administrateurs": who can manage the site; add one (one-time password or invitation), end another's sessions, remove one. */
export default function AdminUsers() {
  const session = useSession();
  const myId = session.status === "ready" ? session.user?._id : undefined;
  const admins = useAdmins();
  const remove = useRemoveAdmin();
  const cancel = useCancelInvitation();
  const endSessions = useEndAdminSessions();
  const [endingFor, setEndingFor] = useState<AdminAccount | null>(null);
  const usersQuery = { data: admins.data?.users, isPending: admins.isPending, error: admins.error };
  const invitationsQuery = { data: admins.data?.invitations, isPending: admins.isPending, error: admins.error };

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">{T.intro}</p>
      <AddAdminForm />
      <Card>
        <CardHeader title={T.listTitle} />
        <ListScreen<AdminAccount>
          query={usersQuery}
          texts={{ loading: T.loading, loadError: T.loadError, empty: T.empty }}
          rowTestId="admin-row"
          actionsHeader={T.colActions}
          stackActions
          fields={[
            {
              key: "email",
              header: T.colEmail,
              card: "title",
              cell: (u) => (
                <span className="break-words">
                  {u.email}
                  {u._id === myId && <span className="ml-2 text-xs font-normal text-slate-600">({T.you})</span>}
                </span>
              ),
            },
            {
              key: "totp",
              header: T.colTotp,
              card: "badge",
              cell: (u) => (
                <span className="inline-flex flex-wrap gap-1.5">
                  <Badge tone={u.totpEnabled ? "success" : "neutral"}>{u.totpEnabled ? T.totpOn : T.totpOff}</Badge>
                  {u.mustChangePassword && <Badge tone="warning">{T.mustChange}</Badge>}
                </span>
              ),
            },
            { key: "created", header: T.colCreated, cell: (u) => formatFrenchDateTime(u.createdAt) },
            { key: "lastLogin", header: T.colLastLogin, cell: (u) => (u.lastLoginAt ? formatFrenchDateTime(u.lastLoginAt) : T.never) },
          ]}
          actions={[
            {
              key: "sessions",
              label: T.endSessions,
              ariaLabel: (u) => T.endSessionsAria(u.email),
              icon: LogOut,
              visible: (u) => u._id !== myId,
              onSelect: setEndingFor,
            },
          ]}
          remove={{
            label: T.remove,
            icon: Trash2,
            ariaLabel: (u) => T.removeAria(u.email),
            title: T.removeTitle,
            description: (u) => T.removeDescription(u.email),
            cancelLabel: T.cancel,
            busy: remove.isPending,
            allowed: (u) => u._id !== myId,
            onConfirm: (u) => remove.mutateAsync(u),
          }}
        />
        <ItemConfirmDialog
          item={endingFor}
          onClose={() => setEndingFor(null)}
          title={T.endSessionsTitle}
          description={(u: AdminAccount) => T.endSessionsDescription(u.email)}
          confirmLabel={T.endSessions}
          cancelLabel={T.cancel}
          busy={endSessions.isPending}
          onConfirm={(u) => {
            void endSessions
              .mutateAsync(u)
              .catch(() => undefined)
              .finally(() => setEndingFor(null));
          }}
        />
      </Card>
      <Card>
        <CardHeader title={T.invitationsTitle} />
        <ListScreen<PendingInvitation>
          query={invitationsQuery}
          texts={{ loading: T.loading, loadError: T.loadError, empty: T.invitationsEmpty }}
          rowTestId="invitation-row"
          actionsHeader={T.colActions}
          fields={[
            { key: "email", header: T.colEmail, card: "title", cell: (i) => <span className="break-words">{i.email}</span> },
            { key: "expires", header: T.expires, cell: (i) => formatFrenchDateTime(i.expiresAt) },
          ]}
          remove={{
            label: T.cancelInvitation,
            icon: X,
            ariaLabel: (i) => T.cancelInvitationAria(i.email),
            title: `${T.cancelInvitation} ?`,
            description: (i) => i.email,
            cancelLabel: T.cancel,
            busy: cancel.isPending,
            onConfirm: (i) => cancel.mutateAsync(i),
          }}
        />
      </Card>
    </div>
  );
}
