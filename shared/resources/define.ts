import { z } from "zod";
import type { LimitedRole } from "../roles";
import { timestampSchema, versionSchema } from "../schemas/common";
import type { Field, Label } from "./fields";

/** What an administrator can do to a resource; each API route of a resource serves one (test/resource-routes.test.ts). */
export const RESOURCE_ACTIONS = [
  "list",
  "read",
  "create",
  "update",
  "switch",
  "reorder",
  "delete",
  "restore",
  "bulk",
  "export",
  "reply",
] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** The icons the back office's sidebar may show (app/components/admin/sidebar.tsx maps each to its drawing). */
export type AdminIcon =
  | "Package"
  | "FolderTree"
  | "Image"
  | "Mail"
  | "Handshake"
  | "BadgeCheck"
  | "FileText"
  | "Users"
  | "Settings"
  | "Signpost"
  | "Images"
  | "CalendarDays"
  | "Layers"
  | "FlaskConical";

/** The sidebar's groups, in its order (app/components/admin/sidebar.tsx): the site's content, buyers, the site itself, security. */
export const ADMIN_GROUPS = ["content", "buyers", "site", "security"] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export type Fields = { readonly [name: string]: Field };

/**
 * What each limited role may do to a resource: every declared action (`"all"`) or the ones listed. A role not named may
 * do nothing; an administrator may do everything (decision 0114).
 */
export type Access<A extends readonly ResourceAction[] = readonly ResourceAction[]> = {
  readonly [R in LimitedRole]?: "all" | readonly A[number][];
};

/** One column of a declared screen's list: a field (a bilingual pair by its base name, read in the screen's language), or a range of two day fields. */
export type ListColumn =
  | { readonly field: string; readonly label?: Label }
  | { readonly range: readonly [from: string, to: string]; readonly label: Label };

/** A rule across fields: `holds` the input, already valid field by field. */
export type CrossFieldRule = {
  readonly path: string;
  readonly message: string;
  readonly holds: (item: Readonly<Record<string, unknown>>) => boolean;
};

/** A screen drawn from the declaration: a paged list (its first column names the item) and a form of every field. */
export type DeclaredScreen = {
  /** The sentence under the screen's title. */
  readonly intro: Label;
  readonly columns: readonly ListColumn[];
};

/** The public list a site page reads: `GET /api/<queryRoot>/<path>`, answered by its service's `listPublic` (cached). */
export type PublicList = { readonly path: string };

/**
 * One resource declared once (docs/how-to-add.md): its fields and what every layer derives from them (the API's
 * schemas, the service's history fields, the version comparison, the form's defaults, the registries). `T` and `N`
 * keep its type and its not-found item literal: the history types (shared/schemas/history.ts) and the not-found items
 * (shared/error-codes.ts) are derived from them.
 */
export type Resource<
  F extends Fields = Fields,
  A extends readonly ResourceAction[] = readonly ResourceAction[],
  T extends string = string,
  N extends string = string,
> = {
  /** Its history type, which also names it in the versions API. */
  readonly type: T;
  /** What one and several are called; `gender` gives a French sentence its article and agreement ("un salon", "une certification"). */
  readonly label: {
    readonly fr: { readonly one: string; readonly other: string; readonly gender?: "m" | "f" };
    readonly en: { readonly one: string; readonly other: string };
  };
  readonly fields: F;
  /** Input kept in tables of their own (a product's content blocks), compared and restored with it. */
  readonly parts?: readonly string[];
  /** The one JSON column that holds every field (the settings document), instead of a column per field. */
  readonly storedIn?: string;
  /** Stored columns that are not fields: identity, version, times, search texts, positions kept by their own routes. */
  readonly system: readonly string[];
  readonly actions: A;
  /** Who besides an administrator may do which of its actions (absent: administrators only). */
  readonly access?: Access<A>;
  /** Rules across fields, checked with the fields' own (`inputSchemaOf`): a failed one names `path` with `message` (a validation code). */
  readonly rules?: readonly CrossFieldRule[];
  /** What a 404 on one of them names; its text is derived from `label` unless shared/error-codes.ts gives one. */
  readonly notFound: N;
  /** Its public list, when a site page reads one (routes derived by server/routes/declared-routes.ts). */
  readonly publicList?: PublicList;
  /**
   * A day field after which an item leaves the public pages by itself (the midnight after it, Tunisia's time): the
   * response cache is bounded by the soonest one (server/services/schedule.ts).
   */
  readonly shownUntil?: string;
  /** Its screen in the back office, when it has one of its own. */
  readonly admin?: {
    readonly path: string;
    readonly icon: AdminIcon;
    readonly nav: Label;
    /** The sidebar's group it is listed in. */
    readonly group: AdminGroup;
    /** Its screen is drawn whole from the declaration (app/components/admin/declared-screen.tsx), with no file of its own. */
    readonly screen?: DeclaredScreen;
  };
  /** The root of its react-query keys (`["admin", root]`): invalidating it refreshes every list and item of it. */
  readonly queryRoot?: string;
  /** One document rather than rows (the settings): its only id. */
  readonly singleton?: string;
};

/** `shownUntil` must name one of its fields: checked here, since a key of `F` in `Resource` would tie every declaration to its own shape. */
export function defineResource<
  const F extends Fields,
  const A extends readonly ResourceAction[],
  const T extends string,
  const N extends string,
>(resource: Resource<F, A, T, N> & { readonly shownUntil?: keyof F & string }): Resource<F, A, T, N> {
  return resource;
}

type InputShape<F extends Fields> = { -readonly [K in keyof F]: F[K]["input"] };
type OutputShape<F extends Fields> = { -readonly [K in keyof F]: F[K]["output"] };

const mapFields = <F extends Fields, T>(fields: F, pick: (field: Field) => T) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, pick(field)]));

/** The body a create or an update sends: every field's validator, and the version an edit started from (409 if moved). */
export function inputSchemaOf<F extends Fields>(resource: Resource<F>) {
  const fields = mapFields(resource.fields, (f) => f.input) as InputShape<F>;
  const schema = z.object(fields).extend({ version: versionSchema.optional() });
  const rules = resource.rules ?? [];
  return rules.length === 0
    ? schema
    : schema.superRefine((item, ctx) => {
        for (const rule of rules) if (!rule.holds(item)) ctx.addIssue({ code: "custom", path: [rule.path], message: rule.message });
      });
}

/** The item as the admin API answers it: its id, every field, its version and times. */
export function outputSchemaOf<F extends Fields>(resource: Resource<F>) {
  const fields = mapFields(resource.fields, (f) => f.output) as OutputShape<F>;
  return z
    .object({ _id: z.string() })
    .extend(fields)
    .extend({ version: z.number(), createdAt: timestampSchema, updatedAt: timestampSchema });
}

/** The name history and the version comparison read a field by (`shownAs`, else its own). */
const shownName = (name: string, field: Field) => field.shownAs ?? name;

/**
 * The fields a history line compares, in declaration (form) order, as keys of the service's item `Item` (which holds
 * them: server/resources.test.ts checks every declared field is a column).
 */
export function historyFieldsOf<Item extends object = Record<string, unknown>>(resource: Resource): (keyof Item & string)[] {
  return Object.entries(resource.fields)
    .filter(([, f]) => f.history)
    .map(([name, f]) => shownName(name, f) as keyof Item & string);
}

/** The fields public pages read. */
export function publicFieldsOf<F extends Fields>(resource: Resource<F>): (keyof F & string)[] {
  return Object.keys(resource.fields).filter((name) => resource.fields[name]?.public);
}

/** What a public list answers of one item: its id and its public fields. */
export function publicSchemaOf(resource: Resource) {
  const kept = Object.fromEntries(["_id", ...publicFieldsOf(resource)].map((name) => [name, true as const]));
  return outputSchemaOf(resource).pick(kept);
}

/** One line of a version comparison: a field, or a bilingual pair shown side by side. */
export type ComparedField = string | { fr: string; en: string };

/** The compared fields in declaration order; the two halves of a pair are one line. */
export function comparedFieldsOf(resource: Resource): ComparedField[] {
  const out: ComparedField[] = [];
  const entries = Object.entries(resource.fields).filter(([, f]) => f.compare);
  for (const [name, f] of entries) {
    if (f.lang === "en") continue;
    const en = name.replace(/Fr(?=[A-Z]|$)/, "En");
    if (f.lang === "fr" && resource.fields[en]?.lang === "en") out.push({ fr: name, en });
    else out.push(shownName(name, f));
  }
  return out;
}

/** What a new item's form starts with. */
export function initialValuesOf<F extends Fields>(resource: Resource<F>): { [K in keyof F]: unknown } {
  return mapFields(resource.fields, (f) => f.initial) as { [K in keyof F]: unknown };
}

/** The item's field values as an edit form starts from them, with the version it was read at. */
export function editValuesOf<F extends Fields>(resource: Resource<F>, item: Record<string, unknown> & { version: number }) {
  const values = Object.fromEntries(Object.keys(resource.fields).map((name) => [name, item[name] ?? resource.fields[name]?.initial]));
  return { ...values, version: item.version };
}
