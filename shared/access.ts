import type { Access, ResourceAction } from "./resources/define";
import { RESOURCE_TYPES, type ResourceType, resourceOf } from "./resources/index";
import type { Role } from "./roles";
import type { HistoryAction, HistoryType } from "./schemas/history";

/**
 * What the back office holds besides the resources, declared like them: the actions each has and who may do them
 * (decision 0114). With the resources' `access`, this is the whole permission matrix (docs/roles.md).
 */
const AREAS = {
  /** The statistics screen, its report and its CSV. */
  analytics: { actions: ["read", "export"], access: { sales: "all" } },
  /** The dashboard: its summary answers only the figures of what the role reads. */
  dashboard: { actions: ["read"], access: { editor: "all", sales: "all" } },
  /** The history: its rows and versions are those of the resources the role reads. */
  history: { actions: ["list"], access: { editor: "all", sales: "all" } },
  /** A buyer's personal data: its summary, export and erasure. */
  privacy: { actions: ["read", "export", "delete"], access: {} },
  /** One's own account: password, e-mail, second factor, sessions. */
  account: { actions: ["read", "update"], access: { editor: "all", sales: "all" } },
  /** Uploading an image (to a product, a banner, a partner's logo…). */
  image: { actions: ["create"], access: { editor: "all" } },
} as const satisfies Record<string, { actions: readonly ResourceAction[]; access: Access }>;

export type Area = keyof typeof AREAS;
/** What a permission is about: a resource or an area. */
export type Subject = ResourceType | Area;
export const AREA_TYPES = Object.keys(AREAS) as Area[];
export const SUBJECTS: readonly Subject[] = [...RESOURCE_TYPES, ...AREA_TYPES];

const isArea = (subject: Subject): subject is Area => subject in AREAS;

function declared(subject: Subject): { actions: readonly ResourceAction[]; access: Access } {
  if (isArea(subject)) return AREAS[subject];
  const resource = resourceOf(subject);
  return { actions: resource.actions, access: resource.access ?? {} };
}

/** The actions `subject` declares. */
export const actionsOf = (subject: Subject): readonly ResourceAction[] => declared(subject).actions;

/** Whether `role` may do `action` to `subject`: an administrator anything declared, the others what `access` grants. */
export function can(role: Role, subject: Subject, action: ResourceAction): boolean {
  const { actions, access } = declared(subject);
  if (!actions.includes(action)) return false;
  if (role === "admin") return true;
  const granted = access[role];
  return granted === "all" || (granted?.includes(action) ?? false);
}

/** Whether `role` may see `subject` at all (its list or one of it). */
export const canRead = (role: Role, subject: Subject): boolean => can(role, subject, "list") || can(role, subject, "read");

/**
 * The history types whose rows and versions `role` may read: the resources it reads, and the images when it uploads
 * them. Accounts' security events and erasures are an administrator's only.
 */
export function readableHistoryTypes(role: Role, types: readonly HistoryType[]): HistoryType[] {
  if (role === "admin") return [...types];
  return types.filter((type) => {
    if (type === "image") return can(role, "image", "create");
    return (RESOURCE_TYPES as readonly string[]).includes(type) && canRead(role, type as ResourceType);
  });
}

/** The declared action a history-recorded write serves. */
export const HISTORY_ACTION_SERVES: Record<HistoryAction, ResourceAction> = {
  create: "create",
  update: "update",
  "block.create": "update",
  "block.update": "update",
  "block.delete": "update",
  delete: "delete",
  dismiss: "delete",
  erase: "delete",
  reorder: "reorder",
  activate: "switch",
  deactivate: "switch",
  "mark-read": "switch",
  "mark-unread": "switch",
  "not-spam": "switch",
  state: "switch",
  reply: "reply",
  attach: "reply",
  restore: "restore",
  invite: "create",
  "password.change": "update",
  "totp.enable": "update",
  "signature.update": "update",
  "totp.disable": "update",
  "totp.codes": "update",
  "email.change": "update",
  "session.end": "update",
  "session.end-others": "update",
  "session.end-all": "update",
};
