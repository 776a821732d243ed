import { pageQuerySchema } from "@shared/schemas/page";
import {
  restoreInputSchema,
  VERSIONED_TYPES,
  type VersionedType,
  versionDetailSchema,
  versionListSchema,
  versionParams,
  versionTypeParams,
} from "@shared/schemas/versions";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { historyChanges, recorded } from "../plugins/security-log";
import { type VersionedService, versionedServices } from "../resources";
import { type Actor, snapshotAsInput } from "../services/versions";

/** Who is writing: the signed-in administrator (every route here is an admin route). */
export const actorOf = (request: FastifyRequest): Actor | undefined =>
  request.user ? { userId: request.user._id, email: request.user.email } : undefined;

/** The `/uploads/…` images a restore would write (any string field whose name says image or logo, blocks included). */
function uploadedImages(value: unknown, key = ""): string[] {
  if (typeof value === "string") return /image|logo/i.test(key) && value.startsWith("/uploads/") ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => uploadedImages(item, key));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([k, v]) => uploadedImages(v, k));
  return [];
}

const restoreAnswer = z.record(z.string(), z.unknown());

/**
 * Earlier versions of products, categories, banners, partners, pages and the settings (docs/decisions/0106-version-restore.md):
 * the list of an entity's versions, one version with the resource as it is now, and the restore of one as a new version.
 */
export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { versions, storage } = app.services;
  const byType = versionedServices(app.services);
  const restorerOf = (type: VersionedType): VersionedService => byType[type];

  app.get(
    "/versions/:type/:id",
    { schema: { params: versionTypeParams, querystring: pageQuerySchema, response: { 200: versionListSchema } } },
    async (request, reply) => sendPage(request, reply, await versions.list(request.params.type, request.params.id, request.query)),
  );

  app.get(
    "/versions/:type/:id/:version",
    { schema: { params: versionParams, response: { 200: versionDetailSchema } } },
    async (request) => {
      const { type, id, version } = request.params;
      const stored = await versions.get(type, id, version);
      const current = await restorerOf(type).getById(id);
      return { ...stored, current: current as Record<string, unknown> | null };
    },
  );

  // One route per type, so each history row says its type (`recorded(type, "restore")`, "Restauration").
  for (const type of VERSIONED_TYPES) {
    app.post(
      `/versions/${type}/:id/:version/restore`,
      {
        schema: { params: versionParams.omit({ type: true }), body: restoreInputSchema, response: { 200: restoreAnswer } },
        config: recorded(type, "restore"),
      },
      async (request) => {
        const { id, version } = request.params;
        const restorer = restorerOf(type);
        const stored = await versions.get(type, id, version);
        // Validated first: a value no longer accepted (an image address with a dot segment, say) is refused as such,
        // before it reaches the storage.
        const data = snapshotAsInput(restorer.input, stored.snapshot);
        for (const url of uploadedImages(data)) {
          if ((await storage.readObject(url.slice("/uploads/".length))) === null) {
            throw new HttpError(422, { code: "version.unusable" }, { details: { reason: "image", url } });
          }
        }
        return (await restorer.restore(id, stored.snapshot, request.body.version, historyChanges(request), actorOf(request))) as Record<
          string,
          unknown
        >;
      },
    );
  }
};
