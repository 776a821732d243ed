import { AREA_TYPES, actionsOf, can, canRead, HISTORY_ACTION_SERVES, SUBJECTS, type Subject } from "@shared/access";
import type { ResourceAction } from "@shared/resources/define";
import { RESOURCE_TYPES, RESOURCES, type ResourceType } from "@shared/resources/index";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../lib/http-error";

/** What an admin route does: an action on a subject, or a read of the subject its `:type` names (the versions). */
export type RouteAccess = { subject: Subject | ":type"; action: ResourceAction };

declare module "fastify" {
  interface FastifyContextConfig {
    /** What the route does, when neither its history line nor its path says it (see `accessOf`). */
    access?: RouteAccess;
  }
}

/** Route config of an admin route whose path or history line would not say what it does. */
export const serves = (subject: Subject, action: ResourceAction) => ({ access: { subject, action } }) as const;

/**
 * The first segment of an admin API path and what it is about: each resource under its query root
 * (`/api/trade-shows`), and the paths that are not named after one.
 */
const SEGMENTS: Readonly<Record<string, Subject | ":type">> = {
  ...Object.fromEntries(RESOURCE_TYPES.flatMap((type) => (RESOURCES[type].queryRoot ? [[RESOURCES[type].queryRoot, type]] : []))),
  ...Object.fromEntries(AREA_TYPES.map((area) => [area, area])),
  contact: "message",
  users: "user",
  redirects: "redirect",
  auth: "account",
  upload: "image",
  versions: ":type",
};

const READS = new Set(["GET", "HEAD"]);

/**
 * What an admin route does, in this order: its own `access`; else its history line (a write: `recorded(type, action)`);
 * else its path: the subject its first segment names, read by a GET (exported by a `.csv` or `/export` one), updated by
 * any other method. Null when nothing says it: such a route is an administrator's only (closed by default), and the
 * route-walking test fails.
 */
export function accessOf(route: { url?: string; config?: unknown }, method: string): RouteAccess | null {
  const config = route.config as { access?: RouteAccess; history?: { type: string; action: keyof typeof HISTORY_ACTION_SERVES } | false };
  if (config?.access) return config.access;
  if (config?.history && (SUBJECTS as readonly string[]).includes(config.history.type))
    return { subject: config.history.type as Subject, action: HISTORY_ACTION_SERVES[config.history.action] };
  const url = route.url ?? "";
  const segment = /^\/api\/([^/.]+)/.exec(url)?.[1];
  const subject = segment === undefined ? undefined : SEGMENTS[segment];
  if (!subject) return null;
  if (!READS.has(method)) return { subject, action: "update" };
  return { subject, action: /(\.csv|\/export)$/.test(url) ? "export" : "read" };
}

/** Whether the access holds for a subject: a read is any of its list or read. */
function allows(role: Parameters<typeof can>[0], subject: Subject, action: ResourceAction): boolean {
  return action === "read" ? canRead(role, subject) : can(role, subject, action);
}

/** The subject a `:type` route is about, from the request's path (an unknown type is the route's own 404). */
function subjectOf(access: RouteAccess, request: FastifyRequest): Subject | null {
  if (access.subject !== ":type") return access.subject;
  const type = (request.params as { type?: unknown }).type;
  return typeof type === "string" && (RESOURCE_TYPES as readonly string[]).includes(type) ? (type as ResourceType) : null;
}

/**
 * onRequest hook of the API scope, after the sign-in check: a signed-in account may call an admin route only when its
 * role allows what the route does (decision 0114). A refusal answers 403 `role.forbidden` and writes a security-log line.
 */
export async function requireRole(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (reply.sent || !user || user.role === "admin" || request.is404 || request.routeOptions.config.public) return;
  const access = accessOf(request.routeOptions, request.method);
  const subject = access && subjectOf(access, request);
  if (access && subject === null) return; // a versions path naming no resource: the route answers its 404
  if (access && subject && actionsOf(subject).length > 0 && allows(user.role, subject, access.action)) return;
  request.log.warn(
    {
      event: "admin.forbidden",
      adminId: user._id,
      email: user.email,
      role: user.role,
      method: request.method,
      route: request.routeOptions.url,
      subject: subject ?? null,
      action: access?.action ?? null,
    },
    "refused by role",
  );
  await reply.code(403).send(errorBody({ code: "role.forbidden", params: { role: user.role } }));
}
