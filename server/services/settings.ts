import { type SettingsData, type SettingsPayload, type StoredSettings, settingsInputSchema } from "@shared/schemas/settings";
import { SETTINGS_VERSION_ID } from "@shared/schemas/versions";
import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { siteSettings } from "../db/schema/index";
import { nextVersion } from "../lib/edit-conflict";
import type { ChangeSink } from "../lib/history-changes";
import { settingsChanges } from "./settings-changes";
import { versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

const columns = { data: siteSettings.data, version: siteSettings.version, updatedAt: siteSettings.updatedAt };
type Row = { data: SettingsData; version: number; updatedAt: string };

const toSettings = (row: Row): StoredSettings => ({ ...row.data, version: row.version, updatedAt: row.updatedAt });

/**
 * The site settings (docs/product.md, "Site settings"): one row. The first read of a database without it stores the
 * texts the site showed before they became editable (`SITE_SETTINGS_DEFAULTS`), so nothing changes until an edit.
 */
export function createSettingsService(db: Db) {
  async function read(tx: Db, lock = false): Promise<Row | undefined> {
    const query = tx.select(columns).from(siteSettings).where(eq(siteSettings.singleton, true));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  async function ensure(tx: Db): Promise<Row> {
    const found = await read(tx);
    if (found) return found;
    await tx.insert(siteSettings).values({ singleton: true, data: SITE_SETTINGS_DEFAULTS }).onConflictDoNothing();
    const stored = await read(tx);
    if (!stored) throw new Error("site settings row missing after insert");
    return stored;
  }

  /**
   * Replaces the whole document. With `version`, refused (409 with the stored settings) when they changed since.
   * `onChanges` gets each changed text or list, by its path (`home.values.0.title.fr`).
   */
  async function update(input: SettingsPayload, onChanges?: ChangeSink, actor?: Actor): Promise<StoredSettings> {
    const { version, ...data } = input;
    const after = await versionedUpdate({
      db,
      type: "settings",
      // The document is one entity: its versions are kept under the fixed id SETTINGS_VERSION_ID (decision 0106).
      id: SETTINGS_VERSION_ID,
      version,
      snapshot: toSettings,
      actor,
      onChanges,
      read: async (tx) => {
        await ensure(tx);
        return read(tx, true);
      },
      write: async (tx) => {
        const [row] = await tx
          .update(siteSettings)
          .set({ data, ...nextVersion(siteSettings) })
          .where(eq(siteSettings.singleton, true))
          .returning(columns);
        return row;
      },
      current: async () => toSettings(await ensure(db)),
      changes: (before, after) => settingsChanges(before.data, after.data),
    });
    return toSettings(after);
  }

  return {
    update,

    /** Restores a kept version of the document as a new one, through `update` (decision 0106). */
    restore(snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<StoredSettings> {
      return update({ ...snapshotAsInput(settingsInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },

    /** The stored settings (written with today's texts the first time). */
    async get(): Promise<StoredSettings> {
      return toSettings(await ensure(db));
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
