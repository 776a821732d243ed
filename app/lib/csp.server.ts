import { createHash, randomBytes } from "node:crypto";

/** Inline `<script>` elements of a rendered document (React escapes `</script` inside them). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks are never executed, so the policy does not need to name them. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** A fresh nonce for one render (hex, so it needs no escaping in an attribute). */
export function renderNonce(): string {
  return randomBytes(16).toString("hex");
}

/**
 * `'sha256-…'` sources of the inline scripts whose opening tag carries `nonce="<nonce>"`, in document order, without
 * duplicates: the scripts the application rendered itself. A script that reached the page any other way (content whose
 * escaping failed) cannot know this render's nonce, so it is not named, and the browser refuses to run it.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const mark = `nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (!attributes.split(/\s+/).includes(mark)) continue;
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of an HTML answer. Scripts: this origin's files, and by hash the inline scripts the
 * render marked with `nonce` (React Router's hydration scripts on admin screens, the speculation rules on public pages).
 * Hashes rather than the nonce itself because the response cache serves identical bytes for 10 s: a nonce would repeat,
 * a hash stays true.
 * Styles allow inline `style` attributes (per-category colours, chart and toast libraries); no inline script ever.
 * Images may come from any HTTPS address: administrators may give an image by URL (a partner's logo, a picture on a
 * CDN or in the S3 bucket behind S3_PUBLIC_URL); images cannot run code, and plain-HTTP ones stay blocked.
 */
export function contentSecurityPolicy(html: string, nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html, nonce).join(" ")}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The document as sent, and its policy: the nonce attributes are removed once the hashes are taken, so cached bytes
 * carry no dead nonce and the admin's hydration (which renders no nonce in the browser) sees the same attributes.
 */
export function sealDocument(html: string, nonce: string): { html: string; policy: string } {
  return { policy: contentSecurityPolicy(html, nonce), html: html.replaceAll(` nonce="${nonce}"`, "") };
}
