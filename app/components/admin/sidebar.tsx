import { type Area, canRead, type Subject } from "@shared/access";
import type { Lang } from "@shared/company";
import type { AdminIcon } from "@shared/resources/define";
import { RESOURCE_TYPES, type ResourceType, resourceOf } from "@shared/resources/index";
import { ROLE_LABELS } from "@shared/roles";
import {
  ArrowLeft,
  BadgeCheck,
  CalendarDays,
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
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import type { TextKey } from "~/i18n/texts";
import { useRole } from "~/lib/admin/access";
import { cn } from "~/lib/cn";

type Entry = { to: string; label: string; icon: LucideIcon; end?: boolean };
/**
 * A screen of its own (dashboard, statistics, history, personal data): the area whose permission opens it
 * (shared/access.ts), and the resource entry it follows, or first.
 */
type OwnScreen = {
  to: string;
  subject: Area;
  label: TextKey<typeof COMMON_TEXTS>;
  icon: LucideIcon;
  end?: boolean;
  after?: ResourceType;
};
/** An own screen, or a resource's, described by its declaration. */
type NavItem = OwnScreen | { resource: ResourceType };

const ICONS: Record<AdminIcon, LucideIcon> = {
  Package,
  FolderTree,
  Image,
  Mail,
  Handshake,
  BadgeCheck,
  FileText,
  Users,
  Settings,
  Signpost,
  Images,
  CalendarDays,
};

export const OWN_SCREENS: OwnScreen[] = [
  { to: "/admin", subject: "dashboard", label: "nav.dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/analytics", subject: "analytics", label: "nav.analytics", icon: ChartColumn, after: "message" },
  { to: "/admin/history", subject: "history", label: "nav.history", icon: History, after: "page" },
  { to: "/admin/privacy", subject: "privacy", label: "nav.privacy", icon: ShieldCheck, after: "user" },
];

const screensAfter = (resource?: ResourceType): NavItem[] => OWN_SCREENS.filter((screen) => screen.after === resource);

/**
 * Every resource with a screen in the declarations' order (shared/resources/index.ts), each entry taking its path,
 * icon and label from its declaration, and the own screens placed among them (docs/product.md, "Navigation").
 */
export const NAV: NavItem[] = [
  ...screensAfter(undefined),
  ...RESOURCE_TYPES.filter((type) => resourceOf(type).admin).flatMap((resource) => [{ resource }, ...screensAfter(resource)]),
];

/** Every resource with a screen has an entry (test: resource-registries.test.ts). */
export const NAV_RESOURCES = NAV.flatMap((item) => ("resource" in item ? [item.resource] : []));

/** What an entry opens: its resource, or its own screen's area. */
const subjectOf = (item: NavItem): Subject => ("resource" in item ? item.resource : item.subject);

function entryOf(item: NavItem, t: (key: TextKey<typeof COMMON_TEXTS>) => string, lang: Lang): Entry {
  if (!("resource" in item)) return { to: item.to, label: t(item.label), icon: item.icon, end: item.end };
  const screen = resourceOf(item.resource).admin;
  if (!screen) throw new Error(`${item.resource} has no screen`);
  return { to: screen.path, label: screen.nav[lang], icon: ICONS[screen.icon] };
}

const ITEM =
  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-white";

export function Sidebar({ email, onNavigate, onLogout }: { email: string; onNavigate?: () => void; onLogout: () => void }) {
  const t = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const role = useRole();
  // Only the entries the role may open (decision 0114).
  const entries = NAV.filter((item) => canRead(role, subjectOf(item))).map((item) => entryOf(item, t, lang));
  return (
    <div className="flex h-full flex-col bg-navy text-white">
      <div className="px-5 py-5">
        <p className="font-display text-xl font-semibold">{t("brand")}</p>
        <p className="text-xs uppercase tracking-widest text-white/70">{t("brandSub")}</p>
      </div>
      <nav aria-label={t("nav.label")} className="flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {entries.map(({ to, label, icon: Icon, end }) => (
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
          <p className="text-xs text-white/70">{t("signedInAs")}</p>
          <p className="truncate text-sm font-medium" title={email}>
            {email}
          </p>
          <p className="text-xs text-white/80" data-testid="sidebar-role">
            {ROLE_LABELS[role][lang]}
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
