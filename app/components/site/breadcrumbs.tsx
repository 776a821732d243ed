import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";

/** Home › … › current page; the last item is the current page. */
export function Breadcrumbs({ items, tone = "dark" }: { items: { label: string; to: string }[]; tone?: "dark" | "light" }) {
  const { href } = useLang();
  const t = useTexts(SITE_TEXTS);
  const linkTone = tone === "light" ? "text-white hover:underline" : "text-slate-600 hover:text-navy";
  const currentTone = tone === "light" ? "text-white" : "text-navy";
  return (
    <nav aria-label={t("breadcrumb.label")}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.to} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className={`font-medium ${currentTone}`}>
                  {item.label}
                </span>
              ) : (
                <>
                  <Link
                    to={href(item.to)}
                    className={`rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-current ${linkTone}`}
                  >
                    {item.label}
                  </Link>
                  <ChevronRight className={`size-4 ${linkTone}`} aria-hidden="true" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
