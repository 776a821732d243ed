import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page, request as playwrightRequest } from "@playwright/test";
import { axeViolations } from "./axe";
import { E2E } from "./config";
import { startWorkerServer, type WorkerServer } from "./worker-server";

export { expect };
export const ADMIN = E2E.admin;

/** This worker's server (each Playwright worker is its own process with its own server): set by the `server` fixture. */
let current: WorkerServer | undefined;

function workerServer(): WorkerServer {
  if (!current) throw new Error("no e2e server in this worker: import `test` from e2e/fixtures");
  return current;
}

let cachedToken: string | undefined;

/** Signs in through the API once per worker and returns the bearer token. */
export async function adminToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const context = await playwrightRequest.newContext({ baseURL: workerServer().baseURL });
  const response = await context.post("/api/auth/login", { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  cachedToken = ((await response.json()) as { token: string }).token;
  await context.dispose();
  return cachedToken;
}

export type Api = {
  context: APIRequestContext;
  get<T = unknown>(url: string): Promise<T>;
  post<T = unknown>(url: string, body?: unknown): Promise<T>;
  put<T = unknown>(url: string, body?: unknown): Promise<T>;
  patch<T = unknown>(url: string, body?: unknown): Promise<T>;
  delete(url: string): Promise<void>;
};

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Messages that reached this worker's SMTP server, oldest first. */
export type ReceivedMail = {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo: string;
  replyTo: string;
  /** The HTML part (mail/templates) and the attached files' names. */
  html: string;
  attachments: string[];
};
export function receivedMails(): ReceivedMail[] {
  const { mailDir } = workerServer();
  return readdirSync(mailDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(mailDir, file), "utf8")) as ReceivedMail);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, violations.join("\n")).toEqual([]);
}

/**
 * `server` (one per worker, started before its first test): the compiled server on the worker's own copy of the template
 * database, with its own SMTP server; `baseURL` is its address, so pages and requests use relative URLs.
 * `api`: calls the real API as the signed-in admin.
 */
export const test = base.extend<{ api: Api }, { server: WorkerServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructured first argument
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
      current = server;
      try {
        await use(server);
      } finally {
        current = undefined;
        cachedToken = undefined;
        await server.stop();
      }
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  api: async ({ baseURL }, use) => {
    const token = await adminToken();
    const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    await use({
      context,
      get: async (url) => json(await context.get(url)),
      post: async (url, body) => json(await context.post(url, { data: body })),
      put: async (url, body) => json(await context.put(url, { data: body })),
      patch: async (url, body) => json(await context.patch(url, { data: body })),
      delete: async (url) => json(await context.delete(url)),
    });
    await context.dispose();
  },
});

/** Runs `task` over `items`, a few at a time (setting up or clearing many rows through the API), in no set order. */
export async function inParallel<T>(items: readonly T[], task: (item: T) => Promise<unknown>, width = 6): Promise<void> {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: width }, lane));
}
