import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { assertFreshBuild } from "../test/build-freshness";
import { COMPILED_DIR, runCompiled, type ServerProcess, startServer } from "../test/server-process";
import { copyTemplate } from "../test/template-db";
import { MALLOC_ENV, MEMORY_FLAGS } from "./lib/memory";

const ADMIN = { email: "restart@test.local", password: "restart-password-1" };
const WITH_ADMIN = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

async function readyStatus(server: ServerProcess): Promise<number | "closed"> {
  try {
    return (await fetch(`${server.url}/readyz`)).status;
  } catch {
    return "closed";
  }
}

describe("the compiled server process", () => {
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = copyTemplate(inject("pgliteTemplate"));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("writes one JSON object per line, at every level and on errors, and never a secret of its environment", async () => {
    const secrets = {
      ...WITH_ADMIN,
      JWT_SECRET: "jwt-secret-that-must-not-be-logged-0123456789",
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    };
    const server = await startServer(freshDataDir(), { ...secrets, LOG_LEVEL: "info" });
    const login = async (password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ADMIN.email, password }),
      });
    expect((await login("a-wrong-password-1")).status).toBe(401);
    const { token } = (await (await login(ADMIN.password)).json()) as { token: string };
    await fetch(`${server.url}/api/contact/submissions?cursor=not-a-cursor!`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${server.url}/api/nowhere`);
    await fetch(`${server.url}/category/nowhere`);
    expect(await server.stop()).toBe(0);

    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.trim() !== "");
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(() => JSON.parse(line), line).not.toThrow();
      for (const secret of [secrets.ADMIN_PASSWORD, secrets.JWT_SECRET, secrets.DATA_ENCRYPTION_KEY, token])
        expect(line).not.toContain(secret);
    }
    const started = lines.map((line) => JSON.parse(line) as { event?: string }).find((entry) => entry.event === "server.started");
    expect(started).toBeDefined();
  });

  it("keeps data across a graceful stop and a restart, and refuses a second process on the same data directory", async () => {
    const dataDir = freshDataDir();
    const first = await startServer(dataDir, WITH_ADMIN);
    // The operator's own password is never printed (it would land in the journal); the account is announced.
    expect(first.output()).toContain("Admin account created");
    expect(first.output()).not.toContain(ADMIN.password);
    const message = {
      fullName: "Restart Test",
      email: "visitor@example.com",
      phone: "",
      subject: "Persistence",
      message: "Still here after a restart?",
    };
    const posted = await fetch(`${first.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(message),
    });
    expect(posted.status).toBe(201);

    const second = await runCompiled("main", [], dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/already in use by another process/);

    expect(await first.stop()).toBe(0);

    const again = await startServer(dataDir, WITH_ADMIN);
    const login = await fetch(`${again.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const list = await fetch(`${again.url}/api/contact/submissions`, { headers: { authorization: `Bearer ${token}` } });
    const submissions = (await list.json()) as { subject: string; message: string }[];
    expect(submissions.map((s) => s.subject)).toContain("Persistence");
    expect(again.output()).not.toMatch(/Admin account created/);
    expect(await again.stop()).toBe(0);
  }, 120_000);

  it("stops at start with a message naming each invalid environment variable", async () => {
    const result = await runCompiled("main", [], freshDataDir(), { PORT: "not-a-port", DATABASE_URL: "mysql://x" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/PORT/);
    expect(result.output).toMatch(/DATABASE_URL/);
  }, 60_000);

  it("seeds the demo catalogue by default on the embedded database and says so (in JSON lines only), and not when SEED_DEMO is false", async () => {
    const seeded = await startServer(freshDataDir(), { SEED_DEMO: "" });
    try {
      expect(seeded.output()).toMatch(/Demo content seeded: SEED_DEMO is true \(the default on the embedded database\)/);
      const notJson = seeded
        .output()
        .split("\n")
        .filter((line) => line.trim() && !line.startsWith("{"));
      expect(notJson).toEqual([]);
      const products = (await (await fetch(`${seeded.url}/api/products`)).json()) as unknown[];
      expect(products.length).toBeGreaterThan(0);
    } finally {
      expect(await seeded.stop()).toBe(0);
    }

    const bare = await startServer(freshDataDir(), { SEED_DEMO: "false" });
    try {
      expect(bare.output()).toMatch(/No demo content: SEED_DEMO is false\./);
      expect(await (await fetch(`${bare.url}/api/products`)).json()).toEqual([]);
    } finally {
      expect(await bare.stop()).toBe(0);
    }
  }, 300_000);

  it("is compiled without the dev entry or Vite (npm run dev only)", () => {
    assertFreshBuild();
    const files = readdirSync(COMPILED_DIR, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
    expect(files).toContain("server.js");
    for (const file of files) {
      const code = readFileSync(path.join(COMPILED_DIR, file), "utf8");
      expect(code, file).not.toMatch(/from\s*["']vite["']|import\(\s*["']vite["']\s*\)|server\/dev\.ts/);
    }
  });

  it("runs with V8's memory flags and the malloc settings even when started without them, in the same process (the id a supervisor knows)", async () => {
    const server = await startServer(freshDataDir(), {}, []);
    try {
      const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
      for (const flag of MEMORY_FLAGS) expect(commandLine).toContain(flag);
      expect(commandLine).toContain("--enable-source-maps");
      const environment = readFileSync(`/proc/${server.child.pid}/environ`, "utf8").split("\0");
      for (const [name, value] of Object.entries(MALLOC_ENV)) expect(environment).toContain(`${name}=${value}`);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it("on SIGTERM answers /readyz with 503 while still listening, then drains and exits 0", async () => {
    const server = await startServer(freshDataDir(), { SHUTDOWN_DELAY_MS: "5000" });
    expect(await readyStatus(server)).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.child.kill("SIGTERM");
    // Polled: the signal is handled asynchronously; the port stays open for SHUTDOWN_DELAY_MS.
    await expect.poll(() => readyStatus(server), { timeout: 4000, interval: 50 }).toBe(503);
    const draining = await fetch(`${server.url}/readyz`).catch(() => null);
    if (draining) expect(await draining.json()).toMatchObject({ status: "draining" });

    expect(await server.exited).toBe(0);
    expect(await readyStatus(server)).toBe("closed");
  }, 60_000);
});
