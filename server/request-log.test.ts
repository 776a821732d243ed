import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type ServerProcess, startServer } from "../test/server-process";
import { copyTemplate } from "../test/template-db";
import { loggedUrl } from "./lib/log-url";

const ADMIN = { email: "log.owner@test.local", password: "log-owner-password-1" };

describe("a request's URL in the log", () => {
  it.each([
    ["/admin/invitation?token=abcdef0123456789abcdef", "/admin/invitation?token=[…]"],
    ["/product/ulva?preview=eyJhbGciOi.x.y", "/product/ulva?preview=[…]"],
    ["/search?q=jean%40example.com&lang=en&page=2", "/search?q=[…]&lang=en&page=2"],
    ["/?utm_source=news&utm_campaign=x", "/?utm_source=[…]&utm_campaign=[…]"],
    ["/api/analytics/report?days=30", "/api/analytics/report?days=30"],
    ["/page?secret", "/page?[…]"],
    ["/page?%zz=1", "/page?[…]"],
    ["/category/algues", "/category/algues"],
    ["/category/algues?", "/category/algues"],
  ])("%s is written %s", (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});

describe("the log of a full run", () => {
  let dataDir = "";
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds none of the tokens, passwords, searched words or addresses the run used", async () => {
    dataDir = copyTemplate(inject("pgliteTemplate"));
    server = await startServer(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "info" });
    const url = server.url;
    const json = (method: string, route: string, body?: unknown, token?: string) =>
      fetch(`${url}${route}`, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const { token } = (await (await json("POST", "/api/auth/login", ADMIN)).json()) as { token: string };

    // An invitation: its token leaves only in the e-mail (the .eml outbox here), then the invitee opens the link.
    const invitee = "invitee.secret@example.com";
    expect((await json("POST", "/api/users", { email: invitee, mode: "invitation" }, token)).status).toBe(201);
    let invitationToken = "";
    await expect
      .poll(async () => {
        const outbox = path.join(dataDir, "outbox");
        const mails = await Promise.all(readdirSync(outbox).map((file) => simpleParser(readFileSync(path.join(outbox, file)))));
        invitationToken = /invitation\?token=([\w-]+)/.exec(mails.map((mail) => mail.text ?? "").join("\n"))?.[1] ?? "";
        return invitationToken;
      })
      .not.toBe("");
    expect((await fetch(`${url}/api/users/invitation?token=${invitationToken}`)).status).toBe(200);
    await fetch(`${url}/admin/invitation?token=${invitationToken}`);

    // A preview link of an unpublished product.
    const category = (await (await json("POST", "/api/categories", { slug: "log-cat", nameFr: "Cat", nameEn: "Cat" }, token)).json()) as {
      _id: string;
    };
    const product = (await (
      await json(
        "POST",
        "/api/products",
        {
          slug: "log-product",
          nameFr: "Produit",
          nameEn: "Product",
          shortDescriptionFr: "Court",
          shortDescriptionEn: "Short",
          mainImageUrl: "/uploads/x/p.webp",
          categoryId: category._id,
          isActive: false,
        },
        token,
      )
    ).json()) as { _id: string };
    const previewResponse = await json("POST", `/api/products/${product._id}/preview`, {}, token);
    expect(previewResponse.status, JSON.stringify(product)).toBe(200);
    const preview = (await previewResponse.json()) as { url: string };
    const previewToken = new URL(preview.url, url).searchParams.get("preview") ?? "";
    expect(previewToken.length).toBeGreaterThan(20);
    expect((await fetch(new URL(preview.url, url))).status).toBe(200);

    // Searches for a person, and a contact message.
    const searched = "jean.searched@example.com";
    await fetch(`${url}/search?q=${encodeURIComponent(searched)}`);
    await fetch(`${url}/api/search?q=${encodeURIComponent(searched)}`);
    const sender = "sender.secret@example.com";
    const contact = { fullName: "Jean Secret", email: sender, phone: "", subject: "Devis", message: "Bonjour, un devis SVP." };
    expect((await json("POST", "/api/contact", contact)).status).toBe(201);
    await fetch(`${url}/contact?subject=${encodeURIComponent(sender)}`);
    expect(await server.stop()).toBe(0);

    const log = server.output();
    expect(log).toContain('"incoming request"');
    for (const secret of [ADMIN.password, token, invitationToken, previewToken, invitee, searched, encodeURIComponent(searched), sender])
      expect(log, secret).not.toContain(secret);
    // A compiled server and a whole run of requests: minutes on a loaded 2-core machine; time is not what is tested.
  }, 180_000);
});
