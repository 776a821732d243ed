import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../test/template-db";

const root = path.resolve(import.meta.dirname, "..");
const ADMIN = { email: "restart@test.local", password: "restart-password-1" };

type Started = { child: ChildProcess; url: string; output: () => string };

/** Runs the real entry point (`server/main.ts`) as its own process. */
function startMain(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** Runs it expecting it to stop by itself; resolves with its exit code and output. */
function runToExit(dataDir: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    output += c.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

function stop(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.once("exit", (code) => resolve(code));
    started.child.kill("SIGTERM");
  });
}

describe("the server process", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps data across a graceful stop and a restart, and refuses a second process on the same data directory", async () => {
    const first = await startMain(dataDir);
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

    const second = await runToExit(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/already in use by another process/);

    expect(await stop(first)).toBe(0);

    const again = await startMain(dataDir);
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
    expect(await stop(again)).toBe(0);
  }, 120_000);

  it("stops at start with a message naming each invalid environment variable", async () => {
    const result = await runToExit(dataDir, { PORT: "not-a-port", DATABASE_URL: "mysql://x" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/PORT/);
    expect(result.output).toMatch(/DATABASE_URL/);
  }, 60_000);
});
