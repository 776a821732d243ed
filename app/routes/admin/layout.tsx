// First import: zod must know it may not probe eval before any schema is built (see the module).
import "~/lib/zod-jitless";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { FullPageSpinner } from "~/components/admin/full-page-spinner";
import { AdminProviders } from "~/components/admin/providers";
import { RefusedScreen } from "~/components/admin/refused-screen";
import { mayOpen } from "~/components/admin/screen-access";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { RoleProvider } from "~/lib/admin/access";
import { logOut, refreshUser, useSession } from "~/lib/admin/session";
import { HYDRATE } from "~/lib/hydration";

/** The back office is a single-page app: React runs in the browser. */
export const handle = HYDRATE;

/**
 * The guard of every protected screen. The server and the hydration pass render the spinner (the session
 * lives in local storage), so admin screens only ever render in the browser. The account is read again from the
 * server once per load (its role may have changed since sign-in); a user stored before roles waits for that answer,
 * and a screen the role may not open is replaced by the refused screen (decision 0114).
 */
export default function AdminLayout() {
  const session = useSession();
  const t = useTexts(COMMON_TEXTS);
  const { pathname } = useLocation();
  const token = session.status === "ready" ? session.token : null;

  useEffect(() => {
    if (token) void refreshUser();
  }, [token]);

  if (session.status === "loading") return <FullPageSpinner label={t("sessionLoading")} />;
  if (!session.user) return <Navigate to="/admin/login" replace />;
  const role = session.user.role;
  if (!role) return <FullPageSpinner label={t("sessionLoading")} />;
  const refused = !mayOpen(role, pathname);
  return (
    <RoleProvider role={role}>
      <AdminProviders>
        <AdminShell email={session.user.email} onLogout={logOut} title={refused ? t("refused.title") : undefined}>
          {refused ? <RefusedScreen /> : <Outlet />}
        </AdminShell>
      </AdminProviders>
    </RoleProvider>
  );
}
