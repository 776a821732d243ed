import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, renderNonce, sealDocument } from "./csp.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const NONCE = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const scriptSources = (policy: string) => policy.split("; ").find((directive) => directive.startsWith("script-src")) ?? "";

/** A page as the app renders it: its own scripts marked with the render's nonce, and content around them. */
function page(content: string): string {
  return [
    `<html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/></head><body>`,
    `<main>${content}</main>`,
    `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${NONCE}" type="module" async="">import "/assets/entry.client.js";</script>`,
    "</body></html>",
  ].join("");
}

describe("Content-Security-Policy of HTML answers", () => {
  it("hashes each of the app's inline scripts once and skips external scripts and JSON data blocks", () => {
    const html = [
      `<script nonce="${NONCE}">window.a = 1;</script>`,
      `<script type="module" src="/assets/x.js" nonce="${NONCE}"></script>`,
      `<script type="application/ld+json" nonce="${NONCE}">{"@type":"Organization"}</script>`,
      `<script type="application/json" id="t" nonce="${NONCE}">{"a":1}</script>`,
      `<script type="speculationrules" nonce="${NONCE}">{"prerender":[]}</script>`,
      `<script nonce="${NONCE}">window.a = 1;</script>`,
    ].join("");
    expect(inlineScriptHashes(html, NONCE)).toEqual([sha("window.a = 1;"), sha('{"prerender":[]}')]);
  });

  it("does not name a script injected into the content, with no nonce, another nonce or a look-alike attribute", () => {
    const injected = [
      "<script>alert(1)</script>",
      '<script nonce="a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0">alert(2)</script>',
      `<script nonce="${NONCE}0">alert(3)</script>`,
      `<script data-nonce="${NONCE}">alert(4)</script>`,
      `<script nonce='${NONCE}'>alert(5)</script>`,
      '<script nonce="">alert(6)</script>',
    ];
    const policy = contentSecurityPolicy(page(injected.join("")), NONCE);
    const sources = scriptSources(policy);
    for (let i = 1; i <= injected.length; i++) expect(sources, `alert(${i})`).not.toContain(sha(`alert(${i})`));
    expect(sources).toBe(`script-src 'self' ${sha("window.__reactRouterContext = {};")} ${sha('import "/assets/entry.client.js";')}`);
    expect(sources).not.toContain("unsafe-inline");
  });

  it("removes the render's nonce from the document it sends, and nothing else", () => {
    const content = '<p data-x="nonce">text about a nonce="x"</p>';
    const { html, policy } = sealDocument(page(content), NONCE);
    expect(html).not.toContain(NONCE);
    expect(html).toContain('<script type="module" async="">import "/assets/entry.client.js";</script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/entry.client.js"/>');
    expect(html).toContain(content);
    expect(scriptSources(policy)).toContain(sha("window.__reactRouterContext = {};"));
  });

  it("draws a new 128-bit nonce for every render", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => renderNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it("names the strict directives and never allows inline scripts wholesale", () => {
    const policy = contentSecurityPolicy("<p>no script</p>", NONCE);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "script-src 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
