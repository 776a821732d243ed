import { type RichDoc, richDocSchema } from "@shared/schemas/rich-text";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "./rich-text";

const html = (doc: RichDoc) => renderToStaticMarkup(<RichText doc={doc} />);
type Inline = NonNullable<Extract<RichDoc["content"][number], { type: "paragraph" }>["content"]>;
const paragraph = (...content: Inline) => ({ type: "paragraph" as const, content });
const para = (...content: Inline): RichDoc => ({ type: "doc", content: [paragraph(...content)] });

describe("RichText rendering", () => {
  it("renders headings, marks and lists as elements", () => {
    const out = html({
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Titre" }] },
        paragraph(
          { type: "text", text: "gras", marks: [{ type: "italic" }, { type: "bold" }] },
          { type: "hardBreak" },
          { type: "text", text: "fin" },
        ),
        {
          type: "orderedList",
          attrs: { start: 3 },
          content: [
            {
              type: "listItem",
              content: [
                { type: "paragraph", content: [{ type: "text", text: "trois" }] },
                {
                  type: "bulletList",
                  content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "sous" }] }] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(out).toContain(">Titre</h3>");
    expect(out).toContain("<strong><em>gras</em></strong><br/>fin");
    expect(out).toMatch(/<ol start="3"[^>]*><li[^>]*>trois<ul[^>]*><li[^>]*>sous<\/li><\/ul><\/li><\/ol>/);
  });

  it("gives external links rel=noopener, opens a new tab only when asked, and leaves site links alone", () => {
    const out = html(
      para(
        { type: "text", text: "a", marks: [{ type: "link", attrs: { href: "https://example.com", target: "_blank" } }] },
        { type: "text", text: "b", marks: [{ type: "link", attrs: { href: "https://example.com", target: null } }] },
        { type: "text", text: "c", marks: [{ type: "link", attrs: { href: "/contact", target: null } }] },
      ),
    );
    expect(out).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer"[^>]*>a<\/a>/);
    expect(out).toMatch(/<a href="https:\/\/example.com" rel="noopener"[^>]*>b<\/a>/);
    expect(out).toMatch(/<a href="\/contact" class="[^"]*">c<\/a>/);
  });

  it("prints markup inside texts as text, and an attacker's attributes never reach the page", () => {
    const payloads = [
      "<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>',
      "<a href=javascript:alert(1)>x</a>",
      "<svg/onload=alert(1)>",
      "</p><iframe src=//evil>",
    ];
    for (const payload of payloads) {
      const doc = richDocSchema.parse({
        type: "doc",
        content: [
          {
            type: "paragraph",
            attrs: { onclick: "alert(1)" },
            content: [
              { type: "text", text: payload, marks: [{ type: "link", attrs: { href: "/x", onmouseover: "alert(1)", style: "x" } }] },
            ],
          },
        ],
      });
      const out = html(doc);
      expect(out, payload).not.toMatch(/<(script|img|svg|iframe)/i);
      // Texts are escaped, so every "<" left in the output opens a real element: none carries a handler or a style.
      expect(out, payload).not.toMatch(/<[^>]*\s(on\w+|style)=/i);
      expect(out).toContain(payload.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;"));
    }
  });
});
