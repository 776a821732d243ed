import { inputSchemaOf } from "@shared/resources/define";
import { RESOURCE_TYPES, type ResourceType, resourceOf } from "@shared/resources/index";
import { bannerInputSchema } from "@shared/schemas/banner";
import { categoryInputSchema } from "@shared/schemas/category";
import { productInputSchema } from "@shared/schemas/product";
import { settingsInputSchema } from "@shared/schemas/settings";
import { sitePageInputSchema } from "@shared/schemas/site-page";
import { SETTINGS_VERSION_ID, VERSIONED_TYPES, type VersionedType } from "@shared/schemas/versions";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ZodType } from "zod";
import type { Db } from "./db/client";
import {
  applications,
  banners,
  categories,
  certifications,
  contactSubmissions,
  functions,
  media,
  pages,
  partners,
  productDocuments,
  products,
  redirects,
  siteSettings,
  tradeShows,
  users,
} from "./db/schema/index";
import type { Clock } from "./lib/clock";
import type { ChangeSink } from "./lib/history-changes";
import { HttpError } from "./lib/http-error";
import { createBannerService } from "./services/banners";
import { createCategoryService } from "./services/catalogue/categories";
import { createProductService } from "./services/catalogue/products";
import { createCertificationService } from "./services/certifications";
import { createDocumentService } from "./services/documents";
import type { ServiceDeps, Services } from "./services/index";
import { createMediaService } from "./services/media";
import { createPageService } from "./services/pages";
import { createPartnerService } from "./services/partners";
import { createRedirectService } from "./services/redirects";
import { createSettingsService } from "./services/settings";
import type { ImageStorage } from "./services/storage/types";
import { createTradeShowService } from "./services/trade-shows";
import { createApplicationService, createFunctionService } from "./services/uses";
import type { Actor } from "./services/versions";

/** What a resource's own service is built from (server/services/index.ts gives it). */
export type ResourceServiceDeps = { db: Db; clock: Clock; storage: ImageStorage; log: ServiceDeps["log"] };

/** What the server adds to a declared resource (shared/resources). */
type ServerResource = {
  /** Where it is stored: the storage truth its declaration is checked against (server/resources.test.ts). */
  readonly table: PgTable;
  /** Its own service, built once as `app.services[name]`; the others' are written in server/services/index.ts. */
  readonly service?: { readonly name: string; readonly create: (deps: ResourceServiceDeps) => object };
  /** A versioned resource's input schema, when it is not its declaration's (`inputSchemaOf`): a restore checks a snapshot with it. */
  readonly input?: ZodType;
  /** Its API routes are derived from its declaration (server/routes/declared-routes.ts), with no route file of its own. */
  readonly routes?: "declared";
};

/** Every declared resource on the server side, one entry each (docs/how-to-add.md). */
export const SERVER_RESOURCES = {
  product: {
    table: products,
    service: { name: "products", create: ({ db, clock }) => createProductService(db, clock) },
    input: productInputSchema,
  },
  category: {
    table: categories,
    service: { name: "categories", create: ({ db }) => createCategoryService(db) },
    input: categoryInputSchema,
  },
  banner: {
    table: banners,
    service: { name: "banners", create: ({ db, clock }) => createBannerService(db, clock) },
    input: bannerInputSchema,
  },
  // The messages' service (`inbox`) and the administrators' (`users`) need the outbox: server/services/index.ts builds them.
  message: { table: contactSubmissions },
  partner: { table: partners, service: { name: "partners", create: ({ db }) => createPartnerService(db) } },
  certification: {
    table: certifications,
    service: { name: "certifications", create: ({ db, clock }) => createCertificationService(db, clock) },
  },
  "trade-show": {
    table: tradeShows,
    service: { name: "tradeShows", create: ({ db, clock }) => createTradeShowService(db, clock) },
    routes: "declared",
  },
  application: {
    table: applications,
    service: { name: "applications", create: ({ db }) => createApplicationService(db) },
    routes: "declared",
  },
  function: {
    table: functions,
    service: { name: "functions", create: ({ db }) => createFunctionService(db) },
    routes: "declared",
  },
  page: { table: pages, service: { name: "pages", create: ({ db }) => createPageService(db) }, input: sitePageInputSchema },
  user: { table: users },
  settings: { table: siteSettings, service: { name: "settings", create: ({ db }) => createSettingsService(db) } },
  redirect: { table: redirects, service: { name: "redirects", create: ({ db, log }) => createRedirectService(db, log) } },
  media: { table: media, service: { name: "media", create: ({ db }) => createMediaService(db) } },
  document: {
    table: productDocuments,
    service: { name: "documents", create: ({ db, storage, clock, log }) => createDocumentService(db, storage, clock, log) },
  },
} as const satisfies Record<ResourceType, ServerResource>;

type Registry = typeof SERVER_RESOURCES;
type ServiceEntry = { readonly service: { readonly name: string; readonly create: (deps: ResourceServiceDeps) => object } };
type NameOf<E> = E extends { readonly service: { readonly name: infer N extends string } } ? N : never;
type ServiceOf<E> = E extends ServiceEntry ? ReturnType<E["service"]["create"]> : never;

/** The services the registry builds, each under its name (`services.tradeShows`). */
export type ResourceServices = { [K in ResourceType as NameOf<Registry[K]>]: ServiceOf<Registry[K]> };

export function createResourceServices(deps: ResourceServiceDeps): ResourceServices {
  const entries: readonly ServerResource[] = Object.values(SERVER_RESOURCES);
  return Object.fromEntries(entries.flatMap(({ service }) => (service ? [[service.name, service.create(deps)]] : []))) as ResourceServices;
}

/** The resources whose API routes are derived from their declaration. */
export type DeclaredRoutesType = { [K in ResourceType]: Registry[K] extends { readonly routes: "declared" } ? K : never }[ResourceType];
export const DECLARED_ROUTES_TYPES = RESOURCE_TYPES.filter(
  (type): type is DeclaredRoutesType => (SERVER_RESOURCES[type] as ServerResource).routes === "declared",
);

/** Where each declared resource is stored. */
const tables: [ResourceType, PgTable][] = RESOURCE_TYPES.map((type) => [type, SERVER_RESOURCES[type].table]);
export const RESOURCE_TABLES = Object.fromEntries(tables) as Record<ResourceType, PgTable>;

/** What the versions routes need of a versioned resource's service: its admin read and its update path. */
export type VersionedService = {
  getById(id: string): Promise<object | null>;
  /** A restore is an ordinary update (decision 0106); `onChanges` gets what it changed, for its history line. */
  restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<object>;
  /** Its input schema: a snapshot that no longer passes it is never restored (422). */
  input: ZodType;
};

type ItemVersionedType = Exclude<VersionedType, "settings">;

/** The service of each versioned resource (the settings, one document, answer under their only id). */
export function versionedServices(services: Services): Record<VersionedType, VersionedService> {
  const { settings } = services;
  const missing = () => {
    throw new HttpError(404, { code: "not_found", params: { item: "version" } });
  };
  const itemService = (type: ItemVersionedType): VersionedService => {
    const entry: Registry[ItemVersionedType] = SERVER_RESOURCES[type];
    const input = "input" in entry ? entry.input : inputSchemaOf(resourceOf(type));
    return { ...services[entry.service.name], input };
  };
  const items = VERSIONED_TYPES.filter((type): type is ItemVersionedType => type !== "settings").map((type) => [type, itemService(type)]);
  return {
    ...(Object.fromEntries(items) as Record<ItemVersionedType, VersionedService>),
    settings: {
      input: settingsInputSchema,
      getById: async (id) => (id === SETTINGS_VERSION_ID ? settings.get() : null),
      restore: (id, snapshot, seen, onChanges, actor) =>
        id === SETTINGS_VERSION_ID ? settings.restore(snapshot, seen, onChanges, actor) : missing(),
    },
  };
}
