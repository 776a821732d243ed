import { describe, expect, it } from "vitest";
import {
  isSafeHref,
  plainToRich,
  RICH_TEXT_MAX_DEPTH,
  type RichDoc,
  richDocSchema,
  richTextSchema,
  richToPlain,
  visibleLength,
} from "./rich-text";

const linked = (href: unknown, target: unknown = null): unknown => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "lien", marks: [{ type: "link", attrs: { href, target } }] }] }],
});

/** Link addresses an attacker would try; every one must be refused. */
const XSS_HREFS = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript&colon;alert(1)",
  "&#106;avascript:alert(1)",
  "\u0000javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "//evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example",
  "http:alert(1)",
  "https://",
  "mailto:javascript:alert(1)",
  "tel:javascript:alert(1)",
  "file:///etc/passwd",
  "",
];

describe("rich text links", () => {
  it.each(XSS_HREFS)("refuses the address %j", (href) => {
    expect(isSafeHref(href)).toBe(false);
    expect(richDocSchema.safeParse(linked(href)).success).toBe(false);
  });

  it.each([
    "https://example.com/path?q=1#x",
    "http://example.com",
    "mailto:contact@marine-algae.tn",
    "tel:+216 72 000 000".replaceAll(" ", ""),
    "/contact",
    "/page/politique-de-confidentialite?lang=en",
  ])("accepts the address %j", (href) => {
    expect(richDocSchema.safeParse(linked(href)).success).toBe(true);
  });

  it("accepts no target or _blank, and nothing else", () => {
    expect(richDocSchema.safeParse(linked("/x", "_blank")).success).toBe(true);
    expect(richDocSchema.safeParse(linked("/x", undefined)).success).toBe(true);
    for (const target of ["_top", "_parent", "frame", '_self" onclick="x']) {
      expect(richDocSchema.safeParse(linked("/x", target)).success, target).toBe(false);
    }
  });
});

describe("rich text structure", () => {
  it("refuses unknown nodes, marks and heading levels, and drops unknown attributes (event handlers, style, class)", () => {
    const refused: unknown[] = [
      { type: "doc", content: [{ type: "image", attrs: { src: "x", onerror: "alert(1)" } }] },
      { type: "doc", content: [{ type: "html", text: "<script>alert(1)</script>" }] },
      { type: "doc", content: [{ type: "heading", attrs: { level: 1 }, content: [] }] },
      { type: "doc", content: [{ type: "heading", attrs: { level: 5 }, content: [] }] },
      { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "code" }] }] }] },
      { type: "doc", content: [{ type: "paragraph", content: [{ type: "paragraph", content: [] }] }] },
      { type: "doc", content: [{ type: "bulletList", content: [{ type: "paragraph" }] }] },
      "<p>x</p>",
      null,
      [],
    ];
    for (const value of refused) expect(richDocSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);

    const parsed = richDocSchema.parse({
      type: "doc",
      content: [
        {
          type: "paragraph",
          attrs: { onclick: "alert(1)", style: "x" },
          onmouseover: "alert(1)",
          content: [
            {
              type: "text",
              text: "<img src=x onerror=alert(1)>",
              marks: [{ type: "link", attrs: { href: "/x", target: "_blank", rel: "opener", class: "x", onclick: "alert(1)" } }],
            },
          ],
        },
      ],
    });
    expect(parsed).toEqual({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "<img src=x onerror=alert(1)>", marks: [{ type: "link", attrs: { href: "/x", target: "_blank" } }] },
          ],
        },
      ],
    });
  });

  it("bounds the nesting depth without exhausting the stack", () => {
    let list: unknown = { type: "paragraph", content: [{ type: "text", text: "x" }] };
    for (let i = 0; i < 100_000; i += 1) list = { type: "bulletList", content: [{ type: "listItem", content: [list] }] };
    const result = richDocSchema.safeParse({ type: "doc", content: [list] });
    expect(result.success).toBe(false);

    let shallow: unknown = { type: "paragraph", content: [{ type: "text", text: "x" }] };
    const levels = Math.floor((RICH_TEXT_MAX_DEPTH - 3) / 2);
    for (let i = 0; i < levels; i += 1) shallow = { type: "bulletList", content: [{ type: "listItem", content: [shallow] }] };
    expect(richDocSchema.safeParse({ type: "doc", content: [shallow] }).success).toBe(true);
  });

  it("bounds the number of nodes", () => {
    const many = Array.from({ length: 20_001 }, () => ({ type: "paragraph" }));
    expect(richDocSchema.safeParse({ type: "doc", content: many }).success).toBe(false);
  });
});

describe("visible characters", () => {
  const doc: RichDoc = {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Titre" }] },
      {
        type: "paragraph",
        content: [
          { type: "text", text: "gras", marks: [{ type: "bold" }] },
          { type: "hardBreak" },
          {
            type: "text",
            text: "lien",
            marks: [{ type: "link", attrs: { href: "https://example.com/a/very/long/address", target: "_blank" } }],
          },
        ],
      },
      {
        type: "orderedList",
        content: [
          { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "un" }] }] },
          { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "é🌊" }] }] },
        ],
      },
    ],
  };

  it("counts what a reader sees: no markup, no link address, an emoji as one", () => {
    expect(visibleLength(doc)).toBe("Titre".length + "gras".length + "lien".length + "un".length + 2);
    expect(richTextSchema(17).safeParse(doc).success).toBe(true);
    expect(richTextSchema(16).safeParse(doc).success).toBe(false);
  });

  it("gives the plain text of a document: blocks by blank lines, list items one a line", () => {
    expect(richToPlain(doc)).toBe("Titre\n\ngras\nlien\n\n1. un\n2. é🌊");
  });

  it("turns a plain text into paragraphs split on blank lines, keeping single line breaks, and back", () => {
    const plain = "Premier paragraphe\nsuite\n\n\nSecond";
    const rich = plainToRich(plain);
    expect(rich.content).toHaveLength(2);
    expect(richDocSchema.safeParse(rich).success).toBe(true);
    expect(richToPlain(rich)).toBe("Premier paragraphe\nsuite\n\nSecond");
  });
});
