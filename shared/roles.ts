import { z } from "zod";

/**
 * The built-in roles of a back-office account (decision 0114). An administrator may do everything; the others only what
 * a resource's declaration (`access`, shared/resources) or an area's (shared/access.ts) grants them.
 */
export const ROLES = ["admin", "editor", "sales"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** A role with limited rights: what a declaration's `access` names. */
export type LimitedRole = Exclude<Role, "admin">;

export const ROLE_LABELS: Record<Role, { fr: string; en: string }> = {
  admin: { fr: "Administrateur", en: "Administrator" },
  editor: { fr: "Éditeur du catalogue", en: "Catalogue editor" },
  sales: { fr: "Commercial", en: "Sales" },
};
