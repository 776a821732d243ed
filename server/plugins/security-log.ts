import type { HistoryAction, HistoryType } from "@shared/schemas/history";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ChangeSink, capped } from "../lib/history-changes";

/** How an admin write appears in the history: its type and action, or `false` for a write that changes nothing. */
export type HistoryRule = { type: HistoryType; action: HistoryAction } | false;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Required on every admin write route (a test walks them): what its history line says, or false for none. */
    history?: HistoryRule;
  }
}

/** Route config of an admin write recorded in the history as `action` on a `type`. */
export const recorded = (type: HistoryType, action: HistoryAction) => ({ history: { type, action } }) as const;
/** Route config of an admin write that changes nothing worth a history line (sign-out, a preview link…). */
export const notRecorded = { history: false } as const;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the answer of a write said about its resource: the created `_id` (POST), a readable label; or its route's choice. */
type Answered = { created?: string; label?: string; action?: HistoryAction; changes?: HistoryChange[] };
const answered = new WeakMap<FastifyRequest, Answered>();

/** Names the item of a write whose answer cannot (a DELETE answers 204): e.g. the removed administrator's e-mail. */
export function setHistoryLabel(request: FastifyRequest, label: string): void {
  answered.set(request, { ...answered.get(request), label });
}

/** The action of a write that depends on its input (an active switch turned on or off, an invitation or a password). */
export function setHistoryAction(request: FastifyRequest, action: HistoryAction): void {
  answered.set(request, { ...answered.get(request), action });
}

/** What the write changed (field, before, after), computed by the service from the stored row and the new one. */
export function setHistoryChanges(request: FastifyRequest, changes: HistoryChange[]): void {
  answered.set(request, { ...answered.get(request), changes });
}

/** The sink a route hands a service's write so the service can say what it changed (`products.update(id, body, historyChanges(request))`). */
export const historyChanges =
  (request: FastifyRequest): ChangeSink =>
  (changes) =>
    setHistoryChanges(request, changes);

/** The first of these fields an answer has names the item in the history (a product's French name, an admin's e-mail…). */
const LABEL_FIELDS = ["nameFr", "name", "titleFr", "email", "subject", "slug", "url"] as const;

function pathIds(request: FastifyRequest): Record<string, string> {
  const params = request.params;
  if (typeof params !== "object" || params === null) return {};
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function idsOf(request: FastifyRequest, answer: Answered): Record<string, string> {
  return answer.created ? { ...pathIds(request), created: answer.created } : pathIds(request);
}

function readAnswer(method: string, payload: object): Answered {
  const record = payload as Record<string, unknown>;
  // `POST /api/users` answers `{ mode, user | invitation }`: the label is in the nested object.
  const nested = [record.user, record.invitation].find((v): v is Record<string, unknown> => typeof v === "object" && v !== null);
  const subject = nested ?? record;
  const result: Answered = {};
  if (method === "POST" && typeof subject._id === "string") result.created = subject._id;
  const label = LABEL_FIELDS.map((field) => subject[field]).find((v): v is string => typeof v === "string" && v.length > 0);
  if (label) result.label = label;
  return result;
}

/**
 * Security log of the API scope: one structured line per admin write (who: admin id and e-mail; what: method and route;
 * which: the ids in the path and, for a POST, the created resource's id; and the status). Never a body, a password or a token.
 * Sign-in, lockout, sign-out and password-change lines come from the auth service with `event: "auth.*"`.
 * Each successful write is also stored in the history table (services/history.ts), which the back office lists.
 */
export function registerSecurityLog(api: FastifyInstance): void {
  api.addHook("preSerialization", async (request, _reply, payload) => {
    if (request.user && !READS.has(request.method) && typeof payload === "object" && payload !== null) {
      answered.set(request, { ...answered.get(request), ...readAnswer(request.method, payload) });
    }
    return payload;
  });
  // The history row is written before the answer leaves, so it exists once the admin sees the change (and rows of
  // successive changes are in their order); the pino line is written once the answer is sent, as before.
  api.addHook("onSend", async (request, reply, payload) => {
    const rule = request.routeOptions.config.history;
    if (!request.user || !rule || READS.has(request.method) || reply.statusCode >= 400 || !request.routeOptions.url) return payload;
    const answer = answered.get(request) ?? {};
    try {
      await api.services.history.record({
        userId: request.user._id,
        email: request.user.email,
        role: request.user.role,
        type: rule.type,
        action: answer.action ?? rule.action,
        method: request.method,
        route: request.routeOptions.url,
        ids: idsOf(request, answer),
        label: answer.label ?? null,
        changes: capped(answer.changes ?? []),
      });
    } catch (error) {
      // The change itself succeeded; a lost history line is logged, never turned into an error of the request.
      request.log.error({ err: error, event: "admin.history.failure" }, "history line not stored");
    }
    return payload;
  });
  api.addHook("onResponse", async (request, reply) => {
    if (!request.user || READS.has(request.method)) return;
    request.log.info(
      {
        event: "admin.write",
        adminId: request.user._id,
        email: request.user.email,
        method: request.method,
        route: request.routeOptions.url,
        ids: idsOf(request, answered.get(request) ?? {}),
        statusCode: reply.statusCode,
      },
      "admin write",
    );
  });
}
