import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath, type WalkedRoute, walkRoutes } from "../../test/routes";
import { createTestContext, type TestContext } from "../../test/test-app";
import { UNAUTHENTICATED } from "./auth";

const SOME_ID = "7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11";
const IMAGE = "/uploads/algues/photo.webp";

/** One object that passes every admin body schema (zod drops the keys a schema does not know). */
const VALID_LOOKING = {
  // The site settings document (PUT /api/settings): company, home, footer.
  ...SITE_SETTINGS_DEFAULTS,
  slug: "valid-slug",
  nameFr: "Nom",
  nameEn: "Name",
  descriptionFr: "Description",
  descriptionEn: "Description",
  shortDescriptionFr: "Court",
  shortDescriptionEn: "Short",
  mainImageUrl: IMAGE,
  categoryId: SOME_ID,
  isActive: true,
  contentBlocks: [],
  imageUrlFr: IMAGE,
  imageUrlEn: IMAGE,
  titleFr: "Titre",
  titleEn: "Title",
  slugFr: "page-valide",
  slugEn: "valid-page",
  bodyFr: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Texte" }] }] },
  bodyEn: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Text" }] }] },
  name: "Partner",
  certifyingBody: "Ecocert",
  logoUrl: IMAGE,
  websiteUrl: "https://example.com",
  orderIndex: 0,
  type: "text",
  contentFr: "Texte",
  contentEn: "Text",
  replyMessage: "Bonjour",
  // A conversation's state (PATCH /api/contact/:id/state) and one's signature (PUT /api/auth/signature).
  state: "answered",
  title: "Responsable commercial",
  phone: "+216 72 000 000",
  email: "someone@example.com",
  confirm: "someone@example.com",
  password: "a-long-enough-password",
  currentPassword: "a-long-enough-password",
  newPassword: "another-long-password",
  ids: [SOME_ID],
  // The documents of a pack request approved or refused (POST /api/contact/:id/documents/approve|refuse).
  documentIds: [SOME_ID],
  cityFr: "Paris",
  cityEn: "Paris",
  startsOn: "2027-05-11",
  endsOn: "2027-05-13",
  fromPath: "/ancienne-page",
  toPath: "/contact",
  action: "activate",
  mode: "password",
  role: "editor",
  code: "123456",
  // A media library image's alt texts and focal point (PATCH /api/media/:id).
  altFr: "Algue",
  altEn: "Seaweed",
  decorative: false,
  focalX: 50,
  focalY: 50,
  // The version an edit or a restore starts from (POST /api/versions/:type/:id/:version/restore).
  version: 1,
};

/** Bodies an anonymous caller may send: none, valid-looking, broken JSON, another type, garbage multipart, 2 MB. */
const BODIES: { label: string; options: Partial<InjectOptions> }[] = [
  { label: "no body", options: {} },
  { label: "valid-looking JSON", options: { payload: VALID_LOOKING } },
  { label: "broken JSON", options: { payload: '{"slug": "x", ', headers: { "content-type": "application/json" } } },
  { label: "wrong-typed JSON", options: { payload: { slug: 42, nameFr: ["x"], isActive: "yes" } } },
  {
    label: "prototype-polluting JSON",
    options: {
      payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}',
      headers: { "content-type": "application/json" },
    },
  },
  { label: "plain text", options: { payload: "hello", headers: { "content-type": "text/plain" } } },
  {
    label: "garbage multipart",
    options: { payload: "--x\r\nnot a part\r\n--x--", headers: { "content-type": "multipart/form-data; boundary=x" } },
  },
  {
    label: "2 MB body (over the body limit)",
    options: { payload: "a".repeat(2 * 1024 * 1024), headers: { "content-type": "application/json" } },
  },
];

let ctx: TestContext;
let routes: WalkedRoute[];

beforeAll(async () => {
  ctx = await createTestContext();
  routes = walkRoutes(ctx.app);
});
afterAll(() => ctx.close());

const adminRoutes = () => routes.filter((route) => route.url.startsWith("/api/") && !route.isPublic);

describe("authenticate first, on every route of the app", () => {
  it("finds the routes from Fastify's route list, admin and public alike", () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(expect.arrayContaining(["POST /api/products", "DELETE /api/partners/:id", "POST /api/auth/login"]));
    expect(adminRoutes().length).toBeGreaterThan(25);
  });

  it("answers 401 to an anonymous call of every admin route, whatever its body, before reading or validating it", async () => {
    for (const route of adminRoutes()) {
      const url = fillPath(route.url, () => SOME_ID);
      for (const body of BODIES) {
        for (const authorization of [undefined, "Bearer not-a-token", "Basic YWRtaW46YWRtaW4="]) {
          const response = await ctx.app.inject({
            method: route.method,
            url: `${url}?folder=../../etc&limit=-1`,
            ...body.options,
            headers: { ...body.options.headers, ...(authorization ? { authorization } : {}) },
          });
          const label = `${route.method} ${route.url} with ${body.label}, ${authorization ?? "no token"}`;
          expect(response.statusCode, label).toBe(401);
          expect(response.json(), label).toEqual({ error: UNAUTHENTICATED, code: "auth.required" });
        }
      }
    }
  });

  it("sends a body that each admin route's schema accepts, so the 401s above are not mere validation failures", () => {
    for (const route of adminRoutes()) {
      if (route.body) expect(route.body.safeParse(VALID_LOOKING).success, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it("keeps every route outside the API read-only (the site and uploads are public GETs)", () => {
    for (const route of routes.filter((r) => !r.url.startsWith("/api/"))) {
      expect(["GET", "HEAD"], `${route.method} ${route.url}`).toContain(route.method);
    }
  });

  it("lets a signed-in admin through the same check", async () => {
    // Reads about one address take it in the query.
    const query: Record<string, string> = {
      "/api/privacy/summary": "?email=someone@example.com",
      "/api/privacy/export": "?email=someone@example.com",
    };
    for (const route of adminRoutes().filter((r) => r.method === "GET" && !r.url.includes(":"))) {
      const response = await ctx.call("GET", `${route.url.slice(4)}${query[route.url] ?? ""}`);
      expect(response.statusCode, route.url).toBe(200);
    }
  });
});
