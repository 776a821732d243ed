import type { ResourceType } from "@shared/resources/index";
import { bannerInputSchema } from "@shared/schemas/banner";
import { categoryInputSchema } from "@shared/schemas/category";
import { certificationInputSchema } from "@shared/schemas/certification";
import { partnerInputSchema } from "@shared/schemas/partner";
import { productInputSchema } from "@shared/schemas/product";
import { settingsInputSchema } from "@shared/schemas/settings";
import { sitePageInputSchema } from "@shared/schemas/site-page";
import { tradeShowInputSchema } from "@shared/schemas/trade-show";
import { SETTINGS_VERSION_ID, type VersionedType } from "@shared/schemas/versions";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ZodType } from "zod";
import {
  banners,
  categories,
  certifications,
  contactSubmissions,
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
import type { ChangeSink } from "./lib/history-changes";
import { HttpError } from "./lib/http-error";
import type { Services } from "./services/index";
import type { Actor } from "./services/versions";

/**
 * Where each declared resource (shared/resources) is stored: its table, the storage truth its declaration is checked
 * against (server/resources.test.ts).
 */
export const RESOURCE_TABLES: Record<ResourceType, PgTable> = {
  product: products,
  category: categories,
  banner: banners,
  message: contactSubmissions,
  partner: partners,
  certification: certifications,
  "trade-show": tradeShows,
  page: pages,
  user: users,
  settings: siteSettings,
  redirect: redirects,
  media,
  document: productDocuments,
};

/** What the versions routes need of a versioned resource's service: its admin read and its update path. */
export type VersionedService = {
  getById(id: string): Promise<object | null>;
  /** A restore is an ordinary update (decision 0106); `onChanges` gets what it changed, for its history line. */
  restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<object>;
  /** Its input schema: a snapshot that no longer passes it is never restored (422). */
  input: ZodType;
};

/** The service of each versioned resource (the settings, one document, answer under their only id). */
export function versionedServices(services: Services): Record<VersionedType, VersionedService> {
  const { settings } = services;
  const missing = () => {
    throw new HttpError(404, { code: "not_found", params: { item: "version" } });
  };
  return {
    product: { ...services.products, input: productInputSchema },
    category: { ...services.categories, input: categoryInputSchema },
    banner: { ...services.banners, input: bannerInputSchema },
    partner: { ...services.partners, input: partnerInputSchema },
    certification: { ...services.certifications, input: certificationInputSchema },
    "trade-show": { ...services.tradeShows, input: tradeShowInputSchema },
    page: { ...services.pages, input: sitePageInputSchema },
    settings: {
      input: settingsInputSchema,
      getById: async (id) => (id === SETTINGS_VERSION_ID ? settings.get() : null),
      restore: (id, snapshot, seen, onChanges, actor) =>
        id === SETTINGS_VERSION_ID ? settings.restore(snapshot, seen, onChanges, actor) : missing(),
    },
  };
}
