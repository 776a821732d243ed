import { HISTORY_ACTION_SERVES } from "@shared/access";
import { NOT_FOUND_ITEMS } from "@shared/error-codes";
import { publicFieldsOf, RESOURCE_ACTIONS, type ResourceAction } from "@shared/resources/define";
import { RESOURCE_TYPES, RESOURCES, type ResourceType } from "@shared/resources/index";
import { publicTradeShowSchema, tradeShowResource } from "@shared/resources/trade-shows";
import { HISTORY_TYPES, type HistoryAction } from "@shared/schemas/history";
import { VERSIONED_TYPES } from "@shared/schemas/versions";
import { getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { DECLARED_ROUTES_TYPES, RESOURCE_TABLES, SERVER_RESOURCES, versionedServices } from "./resources";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

const isResource = (type: string): type is ResourceType => (RESOURCE_TYPES as string[]).includes(type);

describe("resource declarations (shared/resources)", () => {
  it.each(RESOURCE_TYPES)("%s: its fields and system columns are exactly its table's columns", (type) => {
    const resource = RESOURCES[type];
    const columns = Object.keys(getTableColumns(RESOURCE_TABLES[type])).sort();
    const declared = resource.storedIn ? [...resource.system] : [...Object.keys(resource.fields), ...resource.system];
    expect(declared.sort()).toEqual(columns);
    if (resource.storedIn) expect(resource.system).toContain(resource.storedIn);
  });

  it.each(VERSIONED_TYPES)("%s: its input schema takes exactly the declared fields, its parts and the version", (type) => {
    const resource = RESOURCES[type];
    const input = versionedServices(ctx.app.services)[type].input as unknown as { shape: Record<string, unknown> };
    const expected = [...Object.keys(resource.fields), ...(resource.parts ?? []), "version"].sort();
    expect(Object.keys(input.shape).sort()).toEqual(expected);
  });

  it("every type is its own key, a history type and a not-found item; only declared actions", () => {
    for (const type of RESOURCE_TYPES) {
      const resource = RESOURCES[type];
      expect(resource.type).toBe(type);
      expect(HISTORY_TYPES).toContain(type);
      expect(NOT_FOUND_ITEMS).toContain(resource.notFound);
      for (const action of resource.actions) expect(RESOURCE_ACTIONS).toContain(action);
    }
  });

  const withPublicList = RESOURCE_TYPES.filter((type) => RESOURCES[type].publicList);
  it.each(withPublicList)("%s: its public list has derived routes, a queryRoot and its service's listPublic", (type) => {
    expect(DECLARED_ROUTES_TYPES).toContain(type);
    const entry = SERVER_RESOURCES[type];
    const name = "service" in entry ? entry.service.name : undefined;
    const service: object | undefined = name ? ctx.app.services[name] : undefined;
    expect(typeof (service as { listPublic?: unknown } | undefined)?.listPublic).toBe("function");
    expect(RESOURCES[type].queryRoot).toBeTruthy();
  });

  const withShownUntil = RESOURCE_TYPES.filter((type) => RESOURCES[type].shownUntil);
  it.each(withShownUntil)("%s: its shownUntil names a day field that is a column of its table", (type) => {
    const name = RESOURCES[type].shownUntil ?? "";
    expect((RESOURCES[type].fields as Record<string, { kind: string }>)[name]?.kind).toBe("day");
    expect(Object.keys(getTableColumns(RESOURCE_TABLES[type]))).toContain(name);
  });

  it.each(DECLARED_ROUTES_TYPES)("%s: its derived routes are served under its queryRoot", (type) => {
    const root = `/api/${RESOURCES[type].queryRoot}`;
    expect(ctx.app.routeList.some((route) => route.url === root && route.method === "GET")).toBe(true);
  });

  it("trade shows: the home page's schema is the declared public projection", () => {
    expect(Object.keys(publicTradeShowSchema.shape).sort()).toEqual(["_id", ...publicFieldsOf(tradeShowResource)].sort());
  });

  it("every recorded write route serves an action its resource declares, and every declared write has a route", () => {
    const served = new Map<ResourceType, Set<ResourceAction>>();
    const undeclared: string[] = [];
    for (const route of ctx.app.routeList) {
      const history = (route.config as { history?: { type: string; action: HistoryAction } } | undefined)?.history;
      if (!history || !isResource(history.type)) continue;
      const action = HISTORY_ACTION_SERVES[history.action];
      if (!(RESOURCES[history.type].actions as readonly ResourceAction[]).includes(action))
        undeclared.push(`${String(route.method)} ${route.url}: ${history.type} ${action}`);
      served.set(history.type, (served.get(history.type) ?? new Set()).add(action));
    }
    expect(undeclared).toEqual([]);
    const writes: ResourceAction[] = ["create", "update", "switch", "reorder", "delete", "restore", "reply"];
    const unserved = RESOURCE_TYPES.flatMap((type) =>
      (RESOURCES[type].actions as readonly ResourceAction[])
        .filter((action) => writes.includes(action) && !served.get(type)?.has(action))
        .map((action) => `${type} ${action}`),
    );
    expect(unserved).toEqual([]);
  });
});
