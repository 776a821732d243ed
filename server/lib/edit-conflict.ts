import { EDIT_CONFLICT } from "@shared/schemas/common";
import { HttpError } from "./http-error";

/** 409 of a write based on an old version: the admin's form gets the stored entity to reload from. */
export const editConflict = (current: unknown) => new HttpError(409, EDIT_CONFLICT, { reason: "version", current });

/** Thrown inside a transaction when the stored version differs; caught outside it to answer with `editConflict`. */
export class StaleVersion extends Error {
  constructor() {
    super("stale version");
    this.name = "StaleVersion";
  }
}
