import {
  ArrowLeft,
  BadgeCheck,
  ChartColumn,
  FileText,
  FolderTree,
  Handshake,
  History,
  Image,
  Images,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  Package,
  Settings,
  ShieldCheck,
  Signpost,
  UserCog,
  Users,
} from "lucide-react";
import { Link, NavLink } from "react-router";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import type { TextKey } from "~/i18n/texts";
import { cn } from "~/lib/cn";

type NavItem = { to: string; label: TextKey<typeof COMMON_TEXTS>; icon: LucideIcon; end?: boolean };

/**
 * The six original entries in their order (docs/product.md, "Navigation"), then the screens added since (categories beside
 * the products they hold).
 */
const NAV: NavItem[] = [
  { to: "/admin", label: "nav.dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/products", label: "nav.products", icon: Package },
  { to: "/admin/categories", label: "nav.categories", icon: FolderTree },
  { to: "/admin/banner", label: "nav.banner", icon: Image },
  { to: "/admin/contacts", label: "nav.contacts", icon: Mail },
  { to: "/admin/analytics", label: "nav.analytics", icon: ChartColumn },
  { to: "/admin/partners", label: "nav.partners", icon: Handshake },
  { to: "/admin/certifications", label: "nav.certifications", icon: BadgeCheck },
  { to: "/admin/pages", label: "nav.pages", icon: FileText },
  { to: "/admin/history", label: "nav.history", icon: History },
  { to: "/admin/users", label: "nav.users", icon: Users },
  { to: "/admin/privacy", label: "nav.privacy", icon: ShieldCheck },
  { to: "/admin/settings", label: "nav.settings", icon: Settings },
  { to: "/admin/redirects", label: "nav.redirects", icon: Signpost },
  { to: "/admin/media", label: "nav.media", icon: Images },
];

const ITEM =
  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-white";

export function Sidebar({ email, onNavigate, onLogout }: { email: string; onNavigate?: () => void; onLogout: () => void }) {
  const t = useTexts(COMMON_TEXTS);
  return (
    <div className="flex h-full flex-col bg-navy text-white">
      <div className="px-5 py-5">
        <p className="font-display text-xl font-semibold">{t("brand")}</p>
        <p className="text-xs uppercase tracking-widest text-white/70">{t("brandSub")}</p>
      </div>
      <nav aria-label={t("nav.label")} className="flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {NAV.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(ITEM, isActive ? "bg-white/15 text-white" : "text-white/80 hover:bg-white/10 hover:text-white")
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-white/10 px-3 py-4">
        <div className="px-3 pb-2">
          <p className="text-xs text-white/70">{t("signedInAs")}</p>
          <p className="truncate text-sm font-medium" title={email}>
            {email}
          </p>
          <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-emerald-300">
            <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
            {t("online")}
          </p>
        </div>
        <NavLink
          to="/admin/account"
          onClick={onNavigate}
          className={({ isActive }) => cn(ITEM, isActive ? "bg-white/15 text-white" : "text-white/80 hover:bg-white/10 hover:text-white")}
        >
          <UserCog className="size-5 shrink-0" aria-hidden="true" />
          {t("nav.account")}
        </NavLink>
        <Link to="/" reloadDocument className={cn(ITEM, "text-white/80 hover:bg-white/10 hover:text-white")}>
          <ArrowLeft className="size-5 shrink-0" aria-hidden="true" />
          {t("backToSite")}
        </Link>
        <button type="button" onClick={onLogout} className={cn(ITEM, "w-full text-white/80 hover:bg-white/10 hover:text-white")}>
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          {t("logout")}
        </button>
      </div>
    </div>
  );
}
