import type { ButtonHTMLAttributes, CSSProperties } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "~/lib/cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "light";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-[var(--accent,#0b1f33)] text-white shadow-sm hover:brightness-110",
  secondary: "bg-sand text-navy ring-1 ring-inset ring-navy/10 hover:bg-[#efe8dc]",
  outline: "bg-white text-[var(--accent,#0b1f33)] ring-1 ring-inset ring-current hover:bg-slate-50",
  ghost: "text-navy hover:bg-slate-100",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  /** On a dark band (hero, footer, contact band): a white button whose focus ring is white too (3:1 on the dark). */
  light: "bg-white text-navy shadow-sm hover:bg-sand [--accent:#ffffff]",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm gap-1.5",
  md: "h-11 px-5 text-sm gap-2",
  lg: "h-12 px-7 text-base gap-2",
};

export function buttonClass({ variant = "primary", size = "md" }: { variant?: ButtonVariant; size?: ButtonSize } = {}): string {
  return cn(
    "inline-flex items-center justify-center rounded-full font-semibold transition",
    "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent,#0b1f33)]",
    "disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
  );
}

const accentStyle = (accent: string | undefined, style: CSSProperties | undefined): CSSProperties | undefined =>
  accent ? ({ ...style, "--accent": accent } as CSSProperties) : style;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A CSS colour for primary/outline buttons, e.g. a category colour. */
  accent?: string;
  loading?: boolean;
};

export function Button({ variant, size, accent, loading, className, style, disabled, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClass({ variant, size }), className)}
      style={accentStyle(accent, style)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; accent?: string };

export function ButtonLink({ variant, size, accent, className, style, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={cn(buttonClass({ variant, size }), className)}
      style={accentStyle(accent, style as CSSProperties | undefined)}
      {...rest}
    />
  );
}
