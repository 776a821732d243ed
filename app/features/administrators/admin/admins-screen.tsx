import { ROLE_LABELS } from "@shared/roles";
import type { AdminAccount, PendingInvitation } from "@shared/schemas/admin-security";
import { LogOut, Trash2, UserCog, X } from "lucide-react";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ItemConfirmDialog } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { useSession } from "~/lib/admin/session";
import { AddAdminForm } from "./add-admin-form";
import { useAdmins, useCancelInvitation, useChangeRole, useInvitations, useRemoveAdmin } from "./admins-api";
import { RoleDialog } from "./role-dialog";
import { useEndAdminSessions } from "./sessions-api";
import { ADMINISTRATORS_TEXTS } from "./texts";

const TITLE = translate(ADMINISTRATORS_TEXTS, BACK_OFFICE_LANG, "users.title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

/**
 * "Administrateurs": who can manage the site and with which role; add one (one-time password or invitation, with its
 * role), change an account's role, end another's sessions, remove one.
 */
export default function AdminUsers() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const session = useSession();
  const myId = session.status === "ready" ? session.user?._id : undefined;
  const admins = useAdmins();
  const invitations = useInvitations();
  const remove = useRemoveAdmin();
  const cancel = useCancelInvitation();
  const endSessions = useEndAdminSessions();
  const changeRole = useChangeRole(myId);
  const [endingFor, setEndingFor] = useState<AdminAccount | null>(null);
  const [roleFor, setRoleFor] = useState<AdminAccount | null>(null);
  const usersQuery = { data: admins.items, isPending: admins.isPending, error: admins.error };
  const invitationsQuery = { data: invitations.items, isPending: invitations.isPending, error: invitations.error };

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">{t("users.intro")}</p>
      <AddAdminForm />
      <Card>
        <ListToolbar title={t("users.listTitle")} />
        <ListScreen<AdminAccount>
          query={usersQuery}
          texts={{ loading: t("users.loading"), loadError: t("users.loadError"), empty: t("users.empty") }}
          rowTestId="admin-row"
          subject="user"
          actionsHeader={t("users.colActions")}
          stackActions
          fields={[
            {
              key: "email",
              header: t("users.colAccount"),
              card: "title",
              // The role under the address: a column of its own would push the actions out of a 1280 px screen.
              cell: (u) => (
                <span className="flex flex-col items-start gap-1">
                  <span className="break-words">
                    {u.email}
                    {u._id === myId && <span className="ml-2 text-xs font-normal text-slate-600">({t("users.you")})</span>}
                  </span>
                  <Badge tone="info">{ROLE_LABELS[u.role][lang]}</Badge>
                </span>
              ),
            },
            {
              key: "totp",
              header: t("users.colTotp"),
              card: "badge",
              cell: (u) => (
                <span className="inline-flex flex-wrap gap-1.5">
                  <Badge tone={u.totpEnabled ? "success" : "neutral"}>{u.totpEnabled ? t("users.totpOn") : t("users.totpOff")}</Badge>
                  {u.mustChangePassword && <Badge tone="warning">{t("users.mustChange")}</Badge>}
                </span>
              ),
            },
            { key: "created", header: t("users.colCreated"), cell: (u) => formatFrenchDateTime(u.createdAt) },
            {
              key: "lastLogin",
              header: t("users.colLastLogin"),
              cell: (u) => (u.lastLoginAt ? formatFrenchDateTime(u.lastLoginAt) : t("users.never")),
            },
          ]}
          actions={[
            {
              key: "role",
              needs: "update",
              label: t("users.changeRole"),
              ariaLabel: (u) => t("users.changeRoleAria", { email: u.email }),
              icon: UserCog,
              onSelect: setRoleFor,
            },
            {
              key: "sessions",
              label: t("users.endSessions"),
              ariaLabel: (u) => t("users.endSessionsAria", { email: u.email }),
              icon: LogOut,
              visible: (u) => u._id !== myId,
              onSelect: setEndingFor,
            },
          ]}
          remove={{
            label: t("users.remove"),
            icon: Trash2,
            ariaLabel: (u) => t("users.removeAria", { email: u.email }),
            title: t("users.removeTitle"),
            description: (u) => t("users.removeDescription", { email: u.email }),
            cancelLabel: common("cancel"),
            busy: remove.isPending,
            allowed: (u) => u._id !== myId,
            onConfirm: (u) => remove.mutateAsync(u),
          }}
        />
        <LoadMore
          list={admins}
          label={t("users.more")}
          loadingLabel={t("users.loadingMore")}
          shown={admins.total !== null ? t("users.shown", { shown: admins.items.length, total: admins.total }) : null}
        />
        <RoleDialog
          admin={roleFor}
          busy={changeRole.isPending}
          onClose={() => setRoleFor(null)}
          onConfirm={(admin, role) => {
            void changeRole
              .mutateAsync({ admin, role })
              .catch(() => undefined)
              .finally(() => setRoleFor(null));
          }}
        />
        <ItemConfirmDialog
          item={endingFor}
          onClose={() => setEndingFor(null)}
          title={t("users.endSessionsTitle")}
          description={(u: AdminAccount) => t("users.endSessionsDescription", { email: u.email })}
          confirmLabel={t("users.endSessions")}
          cancelLabel={common("cancel")}
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
        <ListToolbar title={t("users.invitationsTitle")} />
        <ListScreen<PendingInvitation>
          query={invitationsQuery}
          texts={{ loading: t("users.loading"), loadError: t("users.loadError"), empty: t("users.invitationsEmpty") }}
          rowTestId="invitation-row"
          subject="user"
          actionsHeader={t("users.colActions")}
          fields={[
            { key: "email", header: t("users.colEmail"), card: "title", cell: (i) => <span className="break-words">{i.email}</span> },
            { key: "role", header: t("users.colRole"), card: "badge", cell: (i) => <Badge>{ROLE_LABELS[i.role][lang]}</Badge> },
            { key: "expires", header: t("users.expires"), cell: (i) => formatFrenchDateTime(i.expiresAt) },
          ]}
          remove={{
            label: t("users.cancelInvitation"),
            icon: X,
            ariaLabel: (i) => t("users.cancelInvitationAria", { email: i.email }),
            title: t("users.cancelInvitationTitle"),
            description: (i) => i.email,
            cancelLabel: common("cancel"),
            busy: cancel.isPending,
            onConfirm: (i) => cancel.mutateAsync(i),
          }}
        />
        <LoadMore list={invitations} label={t("users.moreInvitations")} loadingLabel={t("users.loadingMore")} />
      </Card>
    </div>
  );
}
