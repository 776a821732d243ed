import { z } from "zod";
import { RESOURCE_TYPES, type ResourceType } from "../resources/index";
import { roleSchema } from "../roles";
import { msg } from "../validation-messages";
import { idSchema, timestampSchema } from "./common";
import { historyChangeSchema } from "./history-changes";
import { pageQuerySchema } from "./page";

/** What the history records that is not a resource: an uploaded image, an account's own security, a personal-data erasure. */
const OTHER_HISTORY_TYPES = ["image", "account", "privacy"] as const;

/** Entity types the history knows (the first segment of the API route): every resource's type, then the others. */
export const HISTORY_TYPES: readonly HistoryType[] = [...RESOURCE_TYPES, ...OTHER_HISTORY_TYPES];
export type HistoryType = ResourceType | (typeof OTHER_HISTORY_TYPES)[number];

export const HISTORY_ACTIONS = [
  "create",
  "update",
  "delete",
  "reply",
  "password.change",
  "totp.enable",
  "totp.disable",
  "totp.codes",
  "email.change",
  "invite",
  "session.end",
  "session.end-others",
  "session.end-all",
  "erase",
  "reorder",
  "activate",
  "deactivate",
  "mark-read",
  "mark-unread",
  "not-spam",
  "state",
  "attach",
  "signature.update",
  "block.create",
  "block.update",
  "block.delete",
  "dismiss",
  "restore",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const historyEntrySchema = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  /** The author's role when they made the change. */
  role: roleSchema,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  label: z.string().nullable(),
  /**
   * A message row's subject while the message exists, read at each listing (never stored in the history: the history
   * outlives the message); null for every other row. The screen names the message by its ticket number and this.
   */
  subject: z.string().nullable(),
  /** What the write changed; empty for rows that list nothing (creations, deletions, rows written before 0084). */
  changes: z.array(historyChangeSchema),
  createdAt: timestampSchema,
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;
/** `GET /api/history`: one page of the history, newest first (decision 0092). */
export const historyListSchema = z.array(historyEntrySchema);

/** `?userId=&type=&role=&limit=&cursor=`: the filters are kept in the next page's link. */
export const historyQuerySchema = z
  .object({
    userId: idSchema.optional(),
    type: z.enum(HISTORY_TYPES, msg("type.unknown")).optional(),
    role: roleSchema.optional(),
  })
  .extend(pageQuerySchema.shape);
export type HistoryQuery = z.input<typeof historyQuerySchema>;
