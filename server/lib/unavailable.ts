/** The answer when the database cannot be reached: the request may be retried once it is back. */
export const DATABASE_UNAVAILABLE =
  "Service momentanément indisponible, veuillez réessayer / Service temporarily unavailable, please try again";
/** Seconds a client is told to wait before retrying (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

// Connection-level failures from node-postgres and the network (SQLSTATE class 08 and the shutdown codes of 57P).
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const MESSAGES =
  /Connection terminated|connection timeout|is not queryable|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

/** True when the error (or one it wraps, e.g. drizzle's query error) says the database is unreachable, not that a query is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const code = "code" in current ? String(current.code) : "";
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")) return true;
    // The embedded database's unix socket is gone (its thread ended): a failed connect, not a missing file.
    if (code === "ENOENT" && "syscall" in current && current.syscall === "connect") return true;
    // AggregateError (a refused connection on both IPv4 and IPv6) carries its causes in `errors`.
    if ("errors" in current && Array.isArray(current.errors) && current.errors.some(isDatabaseUnavailable)) return true;
    if (current instanceof Error && MESSAGES.test(current.message)) return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

const STORAGE_FULL = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);
const STORAGE_BROKEN = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EIO", "EEXIST", "EISDIR"]);

/** A file-system failure while storing an upload, as the answer to give: 507 when the disk is full, 503 when the folder cannot be written. */
export function storageFailure(error: unknown): { status: 503 | 507; code: "upload.disk_full" | "upload.storage_unavailable" } | null {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (STORAGE_FULL.has(code)) return { status: 507, code: "upload.disk_full" };
  if (STORAGE_BROKEN.has(code)) return { status: 503, code: "upload.storage_unavailable" };
  return null;
}
