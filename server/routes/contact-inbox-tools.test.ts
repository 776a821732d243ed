import { randomUUID } from "node:crypto";
import type { ContactSubmission } from "@shared/schemas/contact";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { contactSubmissions, mailOutbox } from "../db/schema/index";

let ctx: TestContext;
const admin = (method: "GET" | "PATCH", url: string) => ctx.app.inject({ method, url, headers: ctx.auth });

async function list(query = ""): Promise<string[]> {
  const response = await admin("GET", `/api/contact/submissions${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ContactSubmission[]>().map((s) => s.subject);
}

type Message = Partial<typeof contactSubmissions.$inferInsert> & { subject: string };
let minute = 0;

/** Stores a message (one minute newer than the previous one) and, if asked, a reply whose e-mail is in `delivery`. */
async function store(message: Message, delivery?: "sent" | "pending" | "failed"): Promise<string> {
  const [row] = await ctx.database.db
    .insert(contactSubmissions)
    .values({
      fullName: "Client",
      email: "client@example.com",
      message: "Bonjour",
      createdAt: new Date(Date.UTC(2026, 0, 1, 9, ++minute)).toISOString(),
      ...message,
    })
    .returning();
  if (!row) throw new Error("not stored");
  if (delivery) {
    const [mail] = await ctx.database.db
      .insert(mailOutbox)
      .values({
        kind: "reply",
        submissionId: row._id,
        messageId: `<${randomUUID()}@marine-algae.test>`,
        to: row.email,
        subject: `Re: ${row.subject}`,
        text: "Réponse",
        status: delivery,
        lastError: delivery === "sent" ? null : "451 try later",
      })
      .returning();
    const reply = { message: "Réponse", sentAt: new Date().toISOString(), messageId: mail?.messageId ?? "", outboxId: mail?._id ?? "" };
    await ctx.database.db
      .update(contactSubmissions)
      .set({ replies: [reply], isRead: true })
      .where(eq(contactSubmissions._id, row._id));
  }
  return row._id;
}

let unreadId = "";

beforeAll(async () => {
  ctx = await createTestContext();
  // The outbox worker must not deliver the hand-made replies while the tests look at them.
  await ctx.app.services.outbox.close();
  unreadId = await store({ subject: "Devis Ulva", fullName: "Amira Ben Salah", message: "Prix de l'Ulva séchée ?" });
  await store({ subject: "Qualité", fullName: "Élodie Crémieux", email: "elodie@exemple.fr", isRead: true });
  await store({ subject: "Remise 100%", message: "Une remise de 100% ou de 50_50 ?", isRead: true });
  await store({ subject: "Réponse envoyée" }, "sent");
  await store({ subject: "Réponse en file" }, "pending");
  await store({ subject: "Réponse refusée" }, "failed");
  await store({ subject: '=HYPERLINK("http://evil.example","x")', fullName: "+33 1 23", email: "@attaque@example.com", message: "-2+3" });
});
afterAll(() => ctx.close());

describe("GET /api/contact/submissions with search and filters", () => {
  it("lists the whole inbox, newest first, without query parameters (SPEC)", async () => {
    expect(await list()).toEqual([
      '=HYPERLINK("http://evil.example","x")',
      "Réponse refusée",
      "Réponse en file",
      "Réponse envoyée",
      "Remise 100%",
      "Qualité",
      "Devis Ulva",
    ]);
  });

  it("searches name, e-mail, subject and message whatever the case and accents", async () => {
    expect(await list("?q=ELODIE")).toEqual(["Qualité"]);
    expect(await list("?q=cremieux")).toEqual(["Qualité"]);
    expect(await list("?q=exemple.fr")).toEqual(["Qualité"]);
    expect(await list(`?q=${encodeURIComponent("sechee")}`)).toEqual(["Devis Ulva"]);
    expect(await list(`?q=${encodeURIComponent("SÉCHÉE")}`)).toEqual(["Devis Ulva"]);
    expect(await list(`?q=${encodeURIComponent("qualite")}`)).toEqual(["Qualité"]);
  });

  it("needs every word of the search somewhere in the message", async () => {
    expect(await list(`?q=${encodeURIComponent("amira ulva")}`)).toEqual(["Devis Ulva"]);
    expect(await list(`?q=${encodeURIComponent("amira qualité")}`)).toEqual([]);
  });

  it("takes % and _ literally", async () => {
    expect(await list(`?q=${encodeURIComponent("100%")}`)).toEqual(["Remise 100%"]);
    expect(await list(`?q=${encodeURIComponent("%")}`)).toEqual(["Remise 100%"]);
    expect(await list(`?q=${encodeURIComponent("50_50")}`)).toEqual(["Remise 100%"]);
    expect(await list(`?q=${encodeURIComponent("_")}`)).toEqual(["Remise 100%"]);
    expect(await list(`?q=${encodeURIComponent("\\")}`)).toEqual([]);
  });

  it("filters unread, replied and replies waiting for their e-mail (queued or failed)", async () => {
    expect(await list("?filter=unread")).toEqual(['=HYPERLINK("http://evil.example","x")', "Devis Ulva"]);
    expect(await list("?filter=replied")).toEqual(["Réponse refusée", "Réponse en file", "Réponse envoyée"]);
    expect(await list("?filter=pending")).toEqual(["Réponse refusée", "Réponse en file"]);
    expect(await list("?filter=pending&q=file")).toEqual(["Réponse en file"]);
  });

  it("treats an empty search as no search", async () => {
    expect(await list("?q=%20%20")).toHaveLength(7);
  });

  it("reads control characters of a search as spaces (PostgreSQL refuses a NUL): the list and the export answer in full", async () => {
    expect(await list("?q=ulva%00amira")).toEqual(["Devis Ulva"]);
    expect(await list("?q=%00%01%1F")).toHaveLength(7);
    const exported = await admin("GET", "/api/contact/submissions.csv?q=%00%01%1F");
    expect(exported.statusCode).toBe(200);
    expect(exported.payload.trim().split("\n")).toHaveLength(8); // the header and the 7 messages
  });

  it.each([
    ["an unknown filter", "?filter=archived", "filter doit valoir unread, replied, pending, waiting ou undeliverable"],
    ["a search that is too long", `?q=${"a".repeat(201)}`, "Recherche trop longue"],
  ])("refuses %s with a clear 400", async (_label, query, message) => {
    for (const path of ["/api/contact/submissions", "/api/contact/submissions.csv"]) {
      const response = await admin("GET", `${path}${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    }
  });
});

describe("PATCH /api/contact/:id/unread", () => {
  it.each([
    ["PATCH", "/api/contact/00000000-0000-4000-8000-000000000000/unread"],
    ["GET", "/api/contact/submissions.csv"],
  ] as const)("%s %s answers 401 without a token", async (method, url) => {
    const response = await ctx.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty("error");
  });

  it("marks a read message unread and returns it; 404 for an unknown id, 400 for a malformed one", async () => {
    expect((await admin("PATCH", `/api/contact/${unreadId}/read`)).json<ContactSubmission>().isRead).toBe(true);
    const response = await admin("PATCH", `/api/contact/${unreadId}/unread`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ContactSubmission>()).toMatchObject({ _id: unreadId, isRead: false, subject: "Devis Ulva" });
    expect(await list("?filter=unread")).toContain("Devis Ulva");

    expect((await admin("PATCH", "/api/contact/00000000-0000-4000-8000-000000000000/unread")).statusCode).toBe(404);
    expect((await admin("PATCH", "/api/contact/not-an-id/unread")).statusCode).toBe(400);
  });
});

describe("GET /api/contact/submissions.csv", () => {
  async function csv(query = "") {
    const response = await admin("GET", `/api/contact/submissions.csv${query}`);
    expect(response.statusCode).toBe(200);
    return { response, rows: parse(response.rawPayload, { bom: true, delimiter: ";" }) as string[][] };
  }

  it("is UTF-8 with a BOM, ; between cells, a header row and one row per listed message", async () => {
    const { response, rows } = await csv();
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.rawPayload.toString("utf8")).toContain("\r\n");
    expect(rows[0]).toEqual([
      "Date",
      "Nom",
      "E-mail",
      "Téléphone",
      "Sujet",
      "Message",
      "Lu",
      "Réponses",
      "Dernière réponse",
      "Envoi de la dernière réponse",
      "Produit",
      "Demande",
      "Application",
      "Quantité",
      "Unité",
      "Pays de destination",
      "Société",
    ]);
    expect(rows).toHaveLength(8);
    const elodie = rows.find((row) => row[4] === "Qualité");
    expect(elodie).toEqual([
      "01/01/2026 10:02",
      "Élodie Crémieux",
      "elodie@exemple.fr",
      "",
      "Qualité",
      "Bonjour",
      "oui",
      "0",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
  });

  it("exports only the filtered list, with the last reply's delivery", async () => {
    const { rows } = await csv("?filter=pending");
    expect(rows.slice(1).map((row) => [row[4], row[7], row[9]])).toEqual([
      ["Réponse refusée", "1", "échec de l'envoi"],
      ["Réponse en file", "1", "en attente d'envoi"],
    ]);
    expect((await csv(`?q=${encodeURIComponent("crémieux")}`)).rows).toHaveLength(2);
  });

  it("prefixes cells starting with =, +, - or @ with ' so no spreadsheet runs them, and quotes what needs it", async () => {
    const { response, rows } = await csv("?q=attaque");
    expect(rows[1]?.slice(1, 6)).toEqual(["'+33 1 23", "'@attaque@example.com", "", '\'=HYPERLINK("http://evil.example","x")', "'-2+3"]);
    expect(response.rawPayload.toString("utf8")).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
  });

  it("reads the whole list page after page, every message once, newest first, messages of the same instant included", async () => {
    const listed = (await list()).length;
    const sameInstant = new Date(Date.UTC(2026, 0, 1, 8, 0)).toISOString();
    for (const n of [1, 2, 3, 4, 5]) await store({ subject: `Même instant ${n}`, createdAt: sameInstant });
    const everyOne = await ctx.app.services.inbox.list({ limit: 200 });
    const byPages: string[] = [];
    for await (const message of ctx.app.services.inbox.each({}, 2)) byPages.push(message._id);
    expect(byPages).toEqual(everyOne.items.map((message) => message._id));
    expect(byPages).toHaveLength(listed + 5);
  });

  it("keeps line breaks and ; inside a quoted cell", async () => {
    await store({ subject: "Multiligne", message: "Ligne 1;\nLigne 2" });
    const { rows } = await csv("?q=multiligne");
    expect(rows[1]?.[5]).toBe("Ligne 1;\nLigne 2");
  });
});
