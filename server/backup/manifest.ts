import { z } from "zod";

export const BACKUP_FORMAT = "marine-algae-backup";

/** manifest.json, first in every archive: what it holds and which schema its rows follow. */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  /** Tag of the latest migration applied to the database that was dumped, e.g. "0000_init". */
  schemaVersion: z.string(),
  /** The engine it came from; a backup restores into either. */
  database: z.enum(["pglite", "postgres"]),
  /** Rows per table, in restore order. */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
  /** Stored objects copied (originals and variants). */
  uploads: z.number().int().min(0),
  /** Product document files copied, `documents/<sha-256>.pdf` (decision 0109; absent from archives made before). */
  documents: z.number().int().min(0).optional(),
  /** Uploaded originals left out because no image column named them (absent from archives made before). */
  unreferencedImages: z.number().int().min(0).optional(),
  /**
   * SHA-256 (hex) of every other file of the archive, by its path in it ("database/users.ndjson", "uploads/…"): what
   * `npm run backup -- --check` verifies. Absent from archives made before checksums were recorded.
   */
  sha256: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;
