// First import: zod must know it may not probe eval before any schema is built (see the module).
import "~/lib/zod-jitless";
import { Navigate, Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { FullPageSpinner } from "~/components/admin/full-page-spinner";
import { AdminProviders } from "~/components/admin/providers";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { logOut, useSession } from "~/lib/admin/session";
import { HYDRATE } from "~/lib/hydration";

/** The back office is a single-page app: React runs in the browser. */
export const handle = HYDRATE;

/**
 * The guard of every protected screen. The server and the hydration pass render the spinner (the session
 * lives in local storage), so admin screens only ever render in the browser.
 */
export default function AdminLayout() {
  const session = useSession();
  const t = useTexts(COMMON_TEXTS);
  if (session.status === "loading") return <FullPageSpinner label={t("sessionLoading")} />;
  if (!session.user) return <Navigate to="/admin/login" replace />;
  return (
    <AdminProviders>
      <AdminShell email={session.user.email} onLogout={logOut}>
        <Outlet />
      </AdminShell>
    </AdminProviders>
  );
}
