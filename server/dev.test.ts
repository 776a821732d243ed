import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../test/template-db";
import { PROJECT_ROOT } from "./paths";

/** The directives of every page's policy, in order (app/lib/csp.server.ts): dev sends the same policy. */
const POLICY_DIRECTIVES = [
  "default-src",
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "object-src",
  "base-uri",
  "frame-ancestors",
  "form-action",
];

/** The environment of a developer's shell: none of vitest's own variables, NODE_ENV unset as `npm run dev` expects. */
function devEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(VITEST|NODE_ENV$|TEST$|MODE$|DEV$|PROD$|SSR$|BASE_URL$)/.test(name)) env[name] = value;
  }
  return { ...env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", SEED_DEMO: "false" };
}

/** True while a process of the group (npm, tsx watch, the server) is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("npm run dev", () => {
  let child: ChildProcess;
  let output = "";
  let base = "";
  let dataDir = "";

  beforeAll(async () => {
    dataDir = copyTemplate(inject("pgliteTemplate"));
    // Its own process group: npm, tsx watch and the server it restarts are stopped together.
    child = spawn("npm", ["run", "dev"], { cwd: PROJECT_ROOT, env: devEnv(dataDir), detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    base = await until(
      "the start-up line",
      () => {
        if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${output}`);
        return /running on (http:\/\/localhost:\d+)/.exec(output)?.[1];
      },
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    const pid = child?.pid;
    if (pid && groupAlive(pid)) {
      process.kill(-pid, "SIGTERM");
      await until("the dev processes to stop", () => (groupAlive(pid) ? undefined : true), 20_000).catch(() =>
        process.kill(-pid, "SIGKILL"),
      );
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("says it is the development server, and serves pages rendered by Vite with production's policy, never cached", async () => {
    expect(output).toMatch(/development: Vite/);
    for (const page of ["/", "/contact", "/admin/login"]) {
      const response = await fetch(`${base}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      // Dev keeps no page; production tells browsers `no-store` for the contact page too (its form's fresh slot).
      expect(response.headers.get("cache-control")).toBe("no-store");
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy.split("; ").map((directive) => directive.split(" ")[0])).toEqual(POLICY_DIRECTIVES);
      expect(policy).toContain("connect-src 'self';");
      await response.arrayBuffer();
    }
  }, 60_000);

  it("loads the islands from source through Vite, and the admin screens with React Router's hot-update runtime", async () => {
    const home = await (await fetch(`${base}/`)).text();
    // Public islands load at low priority (decision 0098).
    expect(home).toContain('<script type="module" src="/app/islands/site.ts" fetchPriority="low">');
    expect(home).toContain('<script type="module" src="/app/islands/dev-reload.ts">');
    const island = await fetch(`${base}/app/islands/site.ts`);
    expect(island.status).toBe(200);
    expect(island.headers.get("content-type")).toMatch(/javascript/);
    expect(await island.text()).toMatch(/enhanceMenu/);

    const admin = await (await fetch(`${base}/admin/login`)).text();
    expect(admin).toMatch(/inject-hmr-runtime/);
    // Inline scripts carry no nonce once sent: their hashes are in the policy, as in production.
    expect(admin).not.toMatch(/nonce=/);
  }, 60_000);

  it("answers the API with the same data, and the HMR WebSocket on the same port", async () => {
    const categories = await fetch(`${base}/api/categories`);
    expect(categories.status).toBe(200);
    expect(Array.isArray(await categories.json())).toBe(true);

    const client = await (await fetch(`${base}/@vite/client`)).text();
    const token = /const wsToken = "([^"]+)"/.exec(client)?.[1];
    expect(token).toBeTruthy();
    const socket = new WebSocket(`${base.replace("http", "ws")}/?token=${token}`, "vite-hmr");
    const first = await new Promise<string>((resolve, reject) => {
      socket.addEventListener("message", (event) => resolve(String(event.data)), { once: true });
      socket.addEventListener("error", () => reject(new Error("HMR WebSocket failed")), { once: true });
    });
    socket.close();
    expect(JSON.parse(first)).toMatchObject({ type: "connected" });
  }, 60_000);

  it("stops gracefully on SIGTERM: the embedded database is closed and its lock released", async () => {
    const pid = child.pid as number;
    process.kill(-pid, "SIGTERM");
    await until("the dev processes to stop", () => (groupAlive(pid) ? undefined : true), 20_000);
    expect(existsSync(path.join(dataDir, ".lock"))).toBe(false);
  }, 30_000);
});
