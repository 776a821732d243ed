import {
  ArrowLeft,
  ChartColumn,
  FolderTree,
  Handshake,
  History,
  Image,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  Package,
  ShieldCheck,
  UserCog,
  Users,
} from "lucide-react";
import { Link, NavLink } from "react-router";
import { COMMON_TEXTS, LAYOUT_TEXTS } from "~/i18n/admin/texts";
import { cn } from "~/lib/cn";

type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/**
 * The six original entries in their order (docs/product.md, "Navigation"), then the screens added since (categories beside
 * the products they hold).
 */
const NAV: NavItem[] = [
  { to: "/admin", label: LAYOUT_TEXTS.nav.dashboard, icon: LayoutDashboard, end: true },
  { to: "/admin/products", label: LAYOUT_TEXTS.nav.products, icon: Package },
  { to: "/admin/categories", label: LAYOUT_TEXTS.nav.categories, icon: FolderTree },
  { to: "/admin/banner", label: LAYOUT_TEXTS.nav.banner, icon: Image },
  { to: "/admin/contacts", label: LAYOUT_TEXTS.nav.contacts, icon: Mail },
  { to: "/admin/analytics", label: LAYOUT_TEXTS.nav.analytics, icon: ChartColumn },
  { to: "/admin/partners", label: LAYOUT_TEXTS.nav.partners, icon: Handshake },
  { to: "/admin/history", label: LAYOUT_TEXTS.nav.history, icon: History },
  { to: "/admin/users", label: LAYOUT_TEXTS.nav.users, icon: Users },
  { to: "/admin/privacy", label: LAYOUT_TEXTS.nav.privacy, icon: ShieldCheck },
];

const ITEM =
  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-white";

export function Sidebar({ email, onNavigate, onLogout }: { email: string; onNavigate?: () => void; onLogout: () => void }) {
  return (
    <div className="flex h-full flex-col bg-navy text-white">
      <div className="px-5 py-5">
        <p className="font-display text-xl font-semibold">{COMMON_TEXTS.brand}</p>
        <p className="text-xs uppercase tracking-widest text-white/70">{COMMON_TEXTS.brandSub}</p>
      </div>
      <nav aria-label={LAYOUT_TEXTS.navLabel} className="flex-1 overflow-y-auto px-3">
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
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-white/10 px-3 py-4">
        <div className="px-3 pb-2">
          <p className="text-xs text-white/70">{LAYOUT_TEXTS.signedInAs}</p>
          <p className="truncate text-sm font-medium" title={email}>
            {email}
          </p>
          <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-emerald-300">
            <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
            {LAYOUT_TEXTS.online}
          </p>
        </div>
        <NavLink
          to="/admin/account"
          onClick={onNavigate}
          className={({ isActive }) => cn(ITEM, isActive ? "bg-white/15 text-white" : "text-white/80 hover:bg-white/10 hover:text-white")}
        >
          <UserCog className="size-5 shrink-0" aria-hidden="true" />
          {LAYOUT_TEXTS.nav.account}
        </NavLink>
        <Link to="/" reloadDocument className={cn(ITEM, "text-white/80 hover:bg-white/10 hover:text-white")}>
          <ArrowLeft className="size-5 shrink-0" aria-hidden="true" />
          {LAYOUT_TEXTS.backToSite}
        </Link>
        <button type="button" onClick={onLogout} className={cn(ITEM, "w-full text-white/80 hover:bg-white/10 hover:text-white")}>
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          {LAYOUT_TEXTS.logout}
        </button>
      </div>
    </div>
  );
}
