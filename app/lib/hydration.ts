/**
 * Route `handle` of the screens that run React in the browser (the admin SPA). Every other page is a document: the
 * root renders no React Router scripts for it (see docs/decisions/0031-public-pages-are-documents.md).
 */
export type HydrationHandle = { hydrate: true };

export const HYDRATE: HydrationHandle = { hydrate: true };

export function wantsHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrate" in handle && handle.hydrate === true;
}
