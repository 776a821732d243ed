import { pgSequence } from "drizzle-orm/pg-core";

/**
 * Moves on (nextval) after every change to public content; each instance compares it with the value its response
 * cache was filled under before answering from it (decision 0099). A sequence: read and moved without a row lock or
 * a dead tuple, and a move is seen by every session at once, whatever their transactions.
 */
export const contentVersion = pgSequence("content_version");
