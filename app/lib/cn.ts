import { twMerge } from "tailwind-merge";

/** Joins class names, skipping falsy ones; a later Tailwind class wins over an earlier one of the same property. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(" "));
}
