/**
 * Values a cached page must still carry fresh for each visitor (decision 0136). A page rendered for the response
 * cache writes a slot's marker where the value goes; the cache stores the page with the marker and writes a value in
 * its place on every answer, one at most `SLOT_REFRESH_MS` old (server/plugins/response-cache.ts). Markers are plain
 * ASCII, so they come out of the render unescaped, and long enough never to be typed by anyone.
 */
export const FORM_TOKEN_SLOT = "fresh-slot-form-token-5b1d03c8";

/** How long one written value may be served: then the cached page is written again with a new one. */
export const SLOT_REFRESH_MS = 1_000;
