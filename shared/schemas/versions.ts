import { z } from "zod";
import { type TypesWith, typesWith } from "../resources/index";
import { msg } from "../validation-messages";
import { timestampSchema, versionSchema } from "./common";

/**
 * The resources whose earlier versions are kept and can be restored (docs/decisions/0106-version-restore.md): those
 * whose declaration (shared/resources) allows `restore`. The settings are one document, id `SETTINGS_VERSION_ID`.
 */
export type VersionedType = TypesWith<"restore">;
export const VERSIONED_TYPES = typesWith("restore") as [VersionedType, ...VersionedType[]];
export const SETTINGS_VERSION_ID = "site";

export const VERSIONS = {
  /** The newest versions kept per entity; the daily job prunes older ones. */
  keepPerEntity: 50,
} as const;

/** One stored version in a list: its number, when and by whom (the e-mail kept; the name while the account has one). */
export const versionEntrySchema = z.object({
  version: z.number().int(),
  createdAt: timestampSchema,
  email: z.string().nullable(),
  /** The author's name (their signature name, Mon compte), read from their account at each listing; null when none. */
  name: z.string().nullable(),
});
export type VersionEntry = z.output<typeof versionEntrySchema>;
/** `GET /api/versions/:type/:id`: one page, newest first (decision 0092). */
export const versionListSchema = z.array(versionEntrySchema);

/** `GET /api/versions/:type/:id/:version`: the stored snapshot and the resource as it is now (null when deleted). */
export const versionDetailSchema = versionEntrySchema.extend({
  snapshot: z.record(z.string(), z.unknown()),
  current: z.record(z.string(), z.unknown()).nullable(),
});
export type VersionDetail = z.output<typeof versionDetailSchema>;

/** `POST /api/versions/:type/:id/:version/restore`: the current version the admin saw (409 when it moved since). */
export const restoreInputSchema = z.object({ version: versionSchema });
export type RestoreInput = z.input<typeof restoreInputSchema>;

export const versionTypeParams = z.object({
  type: z.enum(VERSIONED_TYPES, msg("type.unknown")),
  id: z.string().min(1).max(64),
});
export const versionParams = versionTypeParams.extend({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
