import { can, canRead, type Subject } from "@shared/access";
import type { ResourceAction } from "@shared/resources/define";
import type { Role } from "@shared/roles";
import { createContext, type ReactNode, useCallback, useContext } from "react";

/**
 * The signed-in account's role (decision 0114), given by the admin layout once the server has confirmed it. Outside the
 * layout (a component rendered alone, in a test) nothing limits what a screen offers: the layout never renders a screen
 * before the role is known.
 */
const RoleContext = createContext<Role>("admin");

export function RoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export function useRole(): Role {
  return useContext(RoleContext);
}

/** What the role may do to `subject`: `may("update")`. Every button of a screen asks it, never a role's name. */
export type May = (action: ResourceAction) => boolean;

export function useCan(subject: Subject): May {
  const role = useRole();
  return useCallback((action: ResourceAction) => can(role, subject, action), [role, subject]);
}

/** Whether the role may see `subject` at all (its list or one of it). */
export function useCanRead(subject: Subject): boolean {
  return canRead(useRole(), subject);
}
