import { LIMITS } from "./limits";

/** A message's ticket number (`4C43AD`): the last characters of its id, upper case, as its `ref` column (server/db/schema). */
export const ticketNumberOf = (messageId: string): string => messageId.slice(-LIMITS.ticketIdChars).toUpperCase();
