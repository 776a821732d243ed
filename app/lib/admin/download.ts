import { apiErrorOf, authHeader } from "./api";
import { signOut } from "./session";

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
function fileName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
}

/**
 * Downloads `/api{path}` with the bearer token (a plain link cannot send it) and saves it under the server's file
 * name. Errors are thrown as `ApiError`, like every other call.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(`/api${path}`, { headers: authHeader() });
  if (response.status === 401) signOut();
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw apiErrorOf(response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(response.headers.get("content-disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `?a=1&b=2` of the defined values, or "" when none. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}
