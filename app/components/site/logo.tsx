import { COMPANY } from "@shared/company";
import { cn } from "~/lib/cn";

/** The brand mark: a seaweed frond rising from Mediterranean waves. Also served as /logo.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={cn("shrink-0", className)} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="#184CA0" />
      <path d="M24 38c-1-8 1-14 6-21" stroke="#9fd3c7" strokeWidth="2.6" strokeLinecap="round" fill="none" />
      <path d="M25.5 27c-4-1-6.5-4-7-8 4 .5 6.5 3 7 8Z" fill="#9fd3c7" />
      <path d="M27.8 20.5c1.5-3.5 4.5-5.5 8-5.5-1 3.6-3.8 5.6-8 5.5Z" fill="#9fd3c7" />
      <path d="M6 33c3-2 6-2 9 0s6 2 9 0 6-2 9 0 6 2 9 0" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" fill="none" />
      <path
        d="M9 39c2.5-1.6 5-1.6 7.5 0s5 1.6 7.5 0 5-1.6 7.5 0 5 1.6 7.5 0"
        stroke="#fff"
        strokeOpacity=".6"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Mark, name and "of Tunisia". */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2 sm:gap-2.5">
      <LogoMark className="size-9 sm:size-11" />
      <span className="flex flex-col leading-none">
        <span
          className={cn(
            "font-display text-base font-semibold tracking-tight whitespace-nowrap min-[360px]:text-lg sm:text-xl",
            inverted ? "text-white" : "text-navy",
          )}
        >
          {COMPANY.name}
        </span>
        <span className={cn("mt-1 text-[0.7rem] font-medium uppercase tracking-[0.2em]", inverted ? "text-sky-100" : "text-teal-800")}>
          {COMPANY.tagline}
        </span>
      </span>
    </span>
  );
}
