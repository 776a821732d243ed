import { type Area, canRead, type Subject } from "@shared/access";
import type { Lang } from "@shared/company";
import { ADMIN_GROUPS, type AdminGroup, type AdminIcon } from "@shared/resources/define";
import { RESOURCE_TYPES, type ResourceType, resourceOf } from "@shared/resources/index";
import { ROLE_LABELS } from "@shared/roles";
import {
  ArrowLeft,
  BadgeCheck,
  CalendarDays,
  ChartColumn,
  FileText,
  FlaskConical,
  FolderTree,
  Handshake,
  History,
  Image,
  Images,
  Layers,
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
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import type { TextKey } from "~/i18n/texts";
import { useRole } from "~/lib/admin/access";
import { cn } from "~/lib/cn";

type Entry = { to: string; label: string; icon: LucideIcon; end?: boolean };
/**
 * A screen of its own (dashboard, statistics, history, personal data): the area whose permission opens it
 * (shared/access.ts), its group (none: above the groups), and the resource entry it follows, or first in its group.
 */
type OwnScreen = {
  to: string;
  subject: Area;
  label: TextKey<typeof COMMON_TEXTS>;
  icon: LucideIcon;
  end?: boolean;
  group?: AdminGroup;
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
  Layers,
  FlaskConical,
};

export const OWN_SCREENS: OwnScreen[] = [
  { to: "/admin", subject: "dashboard", label: "nav.dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/analytics", subject: "analytics", label: "nav.analytics", icon: ChartColumn, group: "buyers", after: "message" },
  { to: "/admin/history", subject: "history", label: "nav.history", icon: History, group: "security", after: "user" },
  { to: "/admin/privacy", subject: "privacy", label: "nav.privacy", icon: ShieldCheck, group: "security", after: "user" },
];

const screensAfter = (group: AdminGroup | undefined, resource?: ResourceType): NavItem[] =>
  OWN_SCREENS.filter((screen) => screen.group === group && screen.after === resource);

/** One group of the sidebar: its heading (none for the dashboard, above the groups) and its entries. */
export type NavGroup = { group: AdminGroup | null; items: NavItem[] };

/**
 * The sidebar (docs/product.md, "Navigation"): the dashboard, then the groups (content, buyers, site, security), each
 * with the resources it declares (shared/resources, `admin.group`) in the declarations' order, every entry taking its
 * path, icon and label from its declaration, and the own screens placed among them.
 */
export const NAV_GROUPS: NavGroup[] = [
  { group: null, items: screensAfter(undefined) },
  ...ADMIN_GROUPS.map((group) => ({
    group,
    items: [
      ...screensAfter(group),
      ...RESOURCE_TYPES.filter((type) => resourceOf(type).admin?.group === group).flatMap((resource) => [
        { resource },
        ...screensAfter(group, resource),
      ]),
    ],
  })),
];

/** Every entry, in the sidebar's order. */
export const NAV: NavItem[] = NAV_GROUPS.flatMap(({ items }) => items);

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

/** Compact from 1024 px, so every entry fits a 1280×720 screen; roomier to the finger in the phone drawer. */
const ITEM =
  "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium transition lg:py-px lg:text-[13px] lg:leading-5 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white";
const itemTone = ({ isActive }: { isActive: boolean }) =>
  cn(ITEM, isActive ? "bg-white/15 text-white" : "text-white/80 hover:bg-white/10 hover:text-white");

/** Whether the list hides entries above or below: a shadow at that edge says it scrolls. */
function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ above: false, below: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const above = element.scrollTop > 1;
      const below = element.scrollTop + element.clientHeight < element.scrollHeight - 1;
      setEdges((was) => (was.above === above && was.below === below ? was : { above, below }));
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}

/** Scrolls the list, and only it, so that the current entry is wholly in view (like `scrollIntoView({ block: "nearest" })`). */
function useCurrentInView(ref: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    const list = ref.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || !pathname) return;
    const box = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    // Clear of the shades at the edges (h-6, h-8), so the current entry is never under one.
    const margin = 40;
    if (item.top < box.top) list.scrollTop -= box.top - item.top + margin;
    else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom + margin;
  }, [ref, pathname]);
}

export function Sidebar({ email, onNavigate, onLogout }: { email: string; onNavigate?: () => void; onLogout: () => void }) {
  const t = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const role = useRole();
  const idBase = useId();
  const listRef = useRef<HTMLElement>(null);
  const edges = useScrollEdges(listRef);
  useCurrentInView(listRef);
  // Only the entries the role may open (decision 0114); a group left without any is not shown.
  const groups = NAV_GROUPS.map(({ group, items }) => ({
    group,
    entries: items.filter((item) => canRead(role, subjectOf(item))).map((item) => entryOf(item, t, lang)),
  })).filter(({ entries }) => entries.length > 0);
  return (
    <div className="flex h-full flex-col bg-navy text-white">
      <div className="px-5 pt-3 pb-2">
        <p className="font-display text-lg leading-6 font-semibold">{t("brand")}</p>
        <p className="text-[11px] leading-4 uppercase tracking-widest text-white/70">{t("brandSub")}</p>
      </div>
      <div className="relative flex min-h-0 flex-1 flex-col">
        <nav
          ref={listRef}
          aria-label={t("nav.label")}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-2 [scrollbar-color:rgb(255_255_255/0.4)_transparent] [scrollbar-width:thin]"
        >
          {groups.map(({ group, entries }) => {
            const headingId = group ? `${idBase}-${group}` : undefined;
            return (
              <div key={group ?? "top"} className={group ? "mt-2 lg:mt-1" : undefined}>
                {group && (
                  <p id={headingId} className="px-3 pb-0.5 text-[11px] leading-4 font-semibold uppercase tracking-wider text-white/70">
                    {t(`nav.group.${group}`)}
                  </p>
                )}
                <ul aria-labelledby={headingId}>
                  {entries.map(({ to, label, icon: Icon, end }) => (
                    <li key={to}>
                      <NavLink to={to} end={end} onClick={onNavigate} className={itemTone}>
                        <Icon className="size-4 shrink-0" aria-hidden="true" />
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        {/* The list scrolls (a short window, the phone drawer): a shadow at the edge that hides entries says so. */}
        <div
          aria-hidden="true"
          data-testid="sidebar-more-above"
          className={cn(
            "pointer-events-none absolute inset-x-0 top-0 h-6 bg-gradient-to-b from-navy to-transparent transition-opacity",
            edges.above ? "opacity-100" : "opacity-0",
          )}
        />
        <div
          aria-hidden="true"
          data-testid="sidebar-more-below"
          className={cn(
            "pointer-events-none absolute inset-x-0 bottom-0 h-8 bg-gradient-to-t from-navy to-transparent transition-opacity",
            edges.below ? "opacity-100" : "opacity-0",
          )}
        />
      </div>
      <div className="border-t border-white/10 px-3 py-2">
        <div className="px-3 pb-1.5">
          <p className="sr-only">{t("signedInAs")}</p>
          <p className="truncate text-xs leading-4 font-medium" title={email}>
            {email}
          </p>
          <p className="flex items-center gap-1.5 text-xs leading-4 text-white/80">
            <span data-testid="sidebar-role">{ROLE_LABELS[role][lang]}</span>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1 text-emerald-300">
              <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
              {t("online")}
            </span>
          </p>
        </div>
        <NavLink to="/admin/account" onClick={onNavigate} className={itemTone}>
          <UserCog className="size-4 shrink-0" aria-hidden="true" />
          {t("nav.account")}
        </NavLink>
        <Link to="/" reloadDocument className={cn(ITEM, "text-white/80 hover:bg-white/10 hover:text-white")}>
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          {t("backToSite")}
        </Link>
        <button type="button" onClick={onLogout} className={cn(ITEM, "w-full text-white/80 hover:bg-white/10 hover:text-white")}>
          <LogOut className="size-4 shrink-0" aria-hidden="true" />
          {t("logout")}
        </button>
      </div>
    </div>
  );
}
