import { actionsOf, can, SUBJECTS } from "@shared/access";
import { ROLE_LABELS, ROLES } from "@shared/roles";

/** The permission matrix as docs/roles.md shows it: one row per subject, one column per role, the actions it may do. */
export function rolesMatrix(): string {
  const header = `| | ${ROLES.map((role) => ROLE_LABELS[role].fr).join(" | ")} |`;
  const rule = `| --- |${ROLES.map(() => " --- |").join("")}`;
  const rows = SUBJECTS.map((subject) => {
    const cells = ROLES.map((role) => {
      const actions = actionsOf(subject).filter((action) => can(role, subject, action));
      if (actions.length === 0) return "—";
      return actions.length === actionsOf(subject).length ? `all (${actions.join(", ")})` : actions.join(", ");
    });
    return `| ${subject} | ${cells.join(" | ")} |`;
  });
  return [header, rule, ...rows].join("\n");
}
