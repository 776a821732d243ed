import { can, canRead, type Subject } from "@shared/access";
import type { ResourceAction } from "@shared/resources/define";
import { RESOURCE_TYPES, type ResourceType, resourceOf } from "@shared/resources/index";
import type { Role } from "@shared/roles";
import { OWN_SCREENS } from "./sidebar";

/** What opening an admin screen needs: a read of its subject, or another action (a creation form). */
export type ScreenAccess = { subject: Subject; action: ResourceAction };

const trim = (pathname: string) => pathname.replace(/\/+$/, "") || "/";

const isResourceType = (value: string): value is ResourceType => (RESOURCE_TYPES as readonly string[]).includes(value);

/**
 * The one map from an admin path to what it needs (decision 0114): a resource's screens (its declared path, its
 * `/new` form to create, its `/edit/:id` form to read), the sidebar's own screens by their area, the account screen,
 * the versions screen by the `:type` of its path. Null for a path none of them names (the route's own 404).
 */
export function screenAccess(pathname: string): ScreenAccess | null {
  const path = trim(pathname);
  const versions = /^\/admin\/history\/([^/]+)\/[^/]+$/.exec(path);
  if (versions?.[1]) return isResourceType(versions[1]) ? { subject: versions[1], action: "read" } : { subject: "history", action: "read" };
  if (path === "/admin/account") return { subject: "account", action: "read" };
  const own = OWN_SCREENS.find((screen) => screen.to === path);
  if (own) return { subject: own.subject, action: "read" };
  for (const type of RESOURCE_TYPES) {
    const screen = resourceOf(type).admin?.path;
    if (!screen) continue;
    if (path === screen || path.startsWith(`${screen}/edit/`)) return { subject: type, action: "read" };
    if (path === `${screen}/new`) return { subject: type, action: "create" };
  }
  return null;
}

/** Whether `role` may open the screen at `pathname`; a path no screen claims is left to its route. */
export function mayOpen(role: Role, pathname: string): boolean {
  const access = screenAccess(pathname);
  if (!access) return true;
  return access.action === "read" ? canRead(role, access.subject) : can(role, access.subject, access.action);
}
