import type { Category } from "@shared/schemas/category";
import type { CSSProperties } from "react";
import { NavLink } from "react-router";
import { localized } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { cn } from "~/lib/cn";
import { categoryAccent } from "./accent";

type Item = { key: string; to: string; label: string; end?: boolean; ink?: string };

/** Inter at 14 px averages 7.2 px a character on the bar's labels (measured on the demo's); a pill adds 36 px. */
const BAR_CHAR_PX = 7.2;
const BAR_PILL_PX = 36;
/**
 * The bar's room between the logo and the search with FR/EN: ~630 px at 1024 px, ~700 px from 1280 px up (the search
 * form appears there and the header's content stops growing at 1,216 px).
 */
const BAR_ROOM = { lg: 630, xl: 700 } as const;

/**
 * From which breakpoint the top bar holds every link on one line. Below it, and at every width when "never" (a company
 * with many categories), the menu button shows too, so every category stays one click away; the bar itself scrolls
 * sideways and never pushes the search and FR/EN out of the window.
 */
export function barFitsFrom(labels: readonly string[]): "lg" | "xl" | "never" {
  const width = labels.reduce((sum, label) => sum + label.length * BAR_CHAR_PX + BAR_PILL_PX, 0);
  if (width <= BAR_ROOM.lg) return "lg";
  return width <= BAR_ROOM.xl ? "xl" : "never";
}

/** Home, one link per category (by language), Contact Us: the same list in the top bar and the mobile menu. */
export function useNavItems(categories: Category[]): Item[] {
  const { lang } = useLang();
  const t = useTexts(SITE_TEXTS);
  return [
    { key: "home", to: "/", label: t("nav.home"), end: true },
    ...categories.map((c) => ({
      key: c._id,
      to: `/category/${c.slug}`,
      label: localized(c, "name", lang),
      ink: categoryAccent(c.slug).ink,
    })),
    { key: "contact", to: "/contact", label: t("nav.contact") },
  ];
}

export function NavItems({ items, variant }: { items: Item[]; variant: "bar" | "menu" }) {
  const { href } = useLang();
  return (
    <ul className={variant === "bar" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
      {items.map((item) => (
        <li key={item.key}>
          <NavLink
            to={href(item.to)}
            end={item.end}
            style={item.ink ? ({ "--ink": item.ink } as CSSProperties) : undefined}
            className={({ isActive }) =>
              cn(
                "relative flex items-center rounded-full font-medium transition",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy",
                variant === "bar" ? "h-10 whitespace-nowrap px-3.5 text-sm xl:px-4" : "h-12 px-4 text-base",
                isActive ? "bg-[var(--ink,#0b1f33)] text-white" : "text-slate-700 hover:bg-slate-100 hover:text-navy",
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
