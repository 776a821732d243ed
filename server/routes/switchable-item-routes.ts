import { activeSwitchSchema, idParams, noContentSchema } from "@shared/schemas/common";
import type { HistoryType } from "@shared/schemas/history";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { ChangeSink } from "../lib/history-changes";
import { historyChanges, recorded, setHistoryAction, setHistoryLabel } from "../plugins/security-log";
import type { Actor } from "../services/versions";
import { actorOf } from "./entity-versions";

/** A resource written whole and switched on and off (banners, partners): what its service offers the routes below. */
export type SwitchableService<Input, Item> = {
  /** `actor`: who writes, kept with the version the write stores (decision 0106). */
  create(input: Input, actor?: Actor): Promise<Item>;
  /** `onChanges` gets what the write changed, for its history line. */
  update(id: string, input: Input, onChanges?: ChangeSink, actor?: Actor): Promise<Item>;
  setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<Item>;
  /** Answers the removed item's name, kept by its history line. */
  remove(id: string): Promise<string>;
};

/**
 * The admin write routes of such a resource under `path`: create (201), replace, the active switch (`PATCH { isActive }`)
 * and delete (204), each validated by the shared schemas.
 */
export function switchableItemRoutes<Schema extends z.ZodType, ItemSchema extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  type: HistoryType,
  input: Schema,
  item: ItemSchema,
  service: SwitchableService<z.output<Schema>, z.output<ItemSchema>>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The type provider cannot resolve a generic schema's output; the body was parsed by `input` itself.
  const bodyOf = (request: { body: unknown }) => request.body as z.output<Schema>;
  // Nor a generic answer schema's: `service` is typed by `item` above, which is what checks the answers' type.
  const answer: z.ZodType = item;
  routes.post(path, { schema: { body: input, response: { 201: answer } }, config: recorded(type, "create") }, async (request, reply) =>
    reply.code(201).send(await service.create(bodyOf(request), actorOf(request))),
  );
  routes.put(
    `${path}/:id`,
    { schema: { params: idParams, body: input, response: { 200: answer } }, config: recorded(type, "update") },
    async (request) => service.update(request.params.id, bodyOf(request), historyChanges(request), actorOf(request)),
  );
  routes.patch(
    `${path}/:id`,
    { schema: { params: idParams, body: activeSwitchSchema, response: { 200: answer } }, config: recorded(type, "activate") },
    async (request) => {
      if (!request.body.isActive) setHistoryAction(request, "deactivate");
      return service.setActive(request.params.id, request.body.isActive, historyChanges(request), actorOf(request));
    },
  );
  routes.delete(
    `${path}/:id`,
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded(type, "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await service.remove(request.params.id));
      return reply.code(204).send();
    },
  );
}
