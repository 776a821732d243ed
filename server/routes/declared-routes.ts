import type { NotFoundItem } from "@shared/error-codes";
import { type Fields, inputSchemaOf, outputSchemaOf, publicSchemaOf, type Resource, type ResourceAction } from "@shared/resources/define";
import { RESOURCES } from "@shared/resources/index";
import { idParams } from "@shared/schemas/common";
import { type PageQuery, pageQuerySchema } from "@shared/schemas/page";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/http-error";
import { type Page, sendPage } from "../lib/keyset";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { type DeclaredRoutesType, SERVER_RESOURCES } from "../resources";
import { type SwitchableService, switchableItemRoutes } from "./switchable-item-routes";

/**
 * What the derived routes need of a resource's service: `itemWrites` (server/services/item-writes.ts) and its lists.
 * Its writes take the body as the declaration's input schema parsed it (`itemWrites` is typed by that same schema).
 */
export type DeclaredItemService = SwitchableService<never, unknown> & {
  getById(id: string): Promise<object | null>;
  /** One page of the admin list. */
  list(query: PageQuery): Promise<Page<object>>;
  /** Its public projection (`publicFieldsOf` and `_id`), when the declaration has a `publicList`. */
  listPublic?(): Promise<Record<string, unknown>[]>;
};

/**
 * The API routes of a declared item resource (server/resources.ts, `routes: "declared"`), under `/<queryRoot>`: the
 * public list a site page reads (`publicList`, cached), the admin list (paged), one item (404 naming its `notFound`),
 * and the writes of `switchableItemRoutes` (create, replace, switch, delete), each as its declaration's actions allow.
 */
export function declaredRoutes(type: DeclaredRoutesType): FastifyPluginAsyncZod {
  return async (app) => {
    // Read as the common shape: the declared resources' field sets differ.
    const resource: Resource<Fields, readonly ResourceAction[], DeclaredRoutesType, NotFoundItem> = RESOURCES[type];
    if (!resource.queryRoot) throw new Error(`${type}: derived routes are served under its queryRoot`);
    const service: DeclaredItemService = app.services[SERVER_RESOURCES[type].service.name];
    const path = `/${resource.queryRoot}`;
    const declares = (action: ResourceAction) => (resource.actions as readonly ResourceAction[]).includes(action);
    // The type provider cannot resolve a generic schema's output; the answers are checked by these schemas themselves.
    const item: z.ZodType = outputSchemaOf(resource);

    if (resource.publicList) {
      const listPublic = service.listPublic?.bind(service);
      if (!listPublic) throw new Error(`${type}: a publicList is answered by its service's listPublic`);
      app.get(
        `${path}/${resource.publicList.path}`,
        { config: { ...publicRoute, ...cached }, schema: { response: { 200: z.array(publicSchemaOf(resource)) } } },
        () => listPublic(),
      );
    }

    if (declares("list"))
      app.get(path, { schema: { querystring: pageQuerySchema, response: { 200: z.array(item) } } }, async (request, reply) =>
        sendPage(request, reply, await service.list(request.query)),
      );

    if (declares("read"))
      app.get(`${path}/:id`, { schema: { params: idParams, response: { 200: item } } }, async (request) => {
        const found = await service.getById(request.params.id);
        if (!found) throw notFound(resource.notFound);
        return found;
      });

    if (declares("create")) switchableItemRoutes(app, path, resource.type, inputSchemaOf(resource), item, service);
  };
}
