import { createHash } from "node:crypto";

/** Inline `<script>` elements of a rendered document (React escapes `</script` inside them). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks are never executed, so the policy does not need to name them. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** `'sha256-…'` sources of every inline script of the document, in document order, without duplicates. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of an HTML answer. Scripts: this origin's files, and the document's own inline scripts
 * by hash (React Router's hydration scripts on admin screens, the speculation rules on public pages). Hashes rather
 * than a nonce because the response cache serves identical bytes for 10 s: a nonce would repeat, a hash stays true.
 * Styles allow inline `style` attributes (per-category colours, chart and toast libraries); no inline script ever.
 * Images may come from any HTTPS address: administrators may give an image by URL (a partner's logo, a picture on a
 * CDN or in the S3 bucket behind S3_PUBLIC_URL); images cannot run code, and plain-HTTP ones stay blocked.
 */
export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(" ")}`.trimEnd(),
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
