import type { Lang } from "../company";
import { RESOURCES, type ResourceType } from "./index";

const isResourceType = (type: string): type is ResourceType => Object.hasOwn(RESOURCES, type);

/**
 * A field's label in `lang` as its resource declares it, found by its name or the name history reads it by
 * (`shownAs`); undefined when the type or the field is not declared.
 */
export function fieldLabel(type: string, field: string, lang: Lang): string | undefined {
  if (!isResourceType(type)) return undefined;
  for (const [name, declared] of Object.entries(
    RESOURCES[type].fields as Record<string, { label: Record<Lang, string>; shownAs?: string }>,
  )) {
    if (name === field || declared.shownAs === field) return declared.label[lang];
  }
  return undefined;
}
