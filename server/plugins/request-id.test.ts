import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../../test/log-capture";
import { createTestContext, type TestContext } from "../../test/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("request ids", () => {
  const lines: Record<string, unknown>[] = [];
  let behindProxy: TestContext;
  let direct: TestContext;
  beforeAll(async () => {
    behindProxy = await createTestContext({ withAdmin: false, app: { trustProxy: true, logger: captureLog(lines) } });
    direct = await createTestContext({ withAdmin: false });
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  it("gives every answer a new UUID in X-Request-Id, never a per-process counter", async () => {
    const first = await direct.app.inject({ method: "GET", url: "/healthz" });
    const second = await direct.app.inject({ method: "GET", url: "/healthz" });
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });

  it("ignores a client's X-Request-Id unless the proxy is trusted", async () => {
    const answer = await direct.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "lb-1234" } });
    expect(answer.headers["x-request-id"]).toMatch(UUID);
  });

  it("behind a trusted proxy, takes the load balancer's id, echoes it and writes it on the request's log lines", async () => {
    const answer = await behindProxy.app.inject({ method: "GET", url: "/api/nowhere", headers: { "x-request-id": "lb-5678" } });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers["x-request-id"]).toBe("lb-5678");
    const own = lines.filter((line) => line.reqId === "lb-5678");
    expect(own.length).toBeGreaterThanOrEqual(2); // "incoming request" and "request completed"
  });

  it("links a contact message's request id to its notification mail's log line through the submission id", async () => {
    const answer = await behindProxy.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "x-request-id": "lb-contact-1" },
      payload: { fullName: "Ada Request", email: "ada@example.com", phone: "", subject: "Traçable", message: "Suivez-moi." },
    });
    expect(answer.statusCode).toBe(201);
    const stored = lines.find((line) => line.reqId === "lb-contact-1" && line.event === "contact.received");
    expect(stored?.submissionId).toBe(answer.json<{ _id: string }>()._id);
    await expect
      .poll(() => lines.find((line) => line.event === "mail.sent" && line.submissionId === stored?.submissionId), { timeout: 15_000 })
      .toMatchObject({ kind: "notification" });
  });

  it("replaces an incoming id that could forge a log line", async () => {
    const answer = await behindProxy.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "bad id\nforged" } });
    expect(answer.headers["x-request-id"]).toMatch(UUID);
  });

  it("answers a cache hit with its own id, not the one of the answer it stored", async () => {
    const address = await direct.app.listen({ port: 0, host: "127.0.0.1" });
    const miss = await fetch(`${address}/api/categories`);
    const hit = await fetch(`${address}/api/categories`);
    expect(direct.app.responseCache.size).toBe(1);
    expect(miss.headers.get("x-request-id")).toMatch(UUID);
    expect(hit.headers.get("x-request-id")).toMatch(UUID);
    expect(hit.headers.get("x-request-id")).not.toBe(miss.headers.get("x-request-id"));
  });
});
