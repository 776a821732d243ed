import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page, request as playwrightRequest } from "@playwright/test";
import { E2E } from "./config";

export { expect };
export const ADMIN = E2E.admin;

let cachedToken: string | undefined;

/** Signs in through the API once per worker and returns the bearer token. */
export async function adminToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const context = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
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

/** Messages that reached the e2e SMTP server, oldest first. */
export type ReceivedMail = {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo: string;
  replyTo: string;
};
export function receivedMails(): ReceivedMail[] {
  return readdirSync(E2E.mailDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(E2E.mailDir, file), "utf8")) as ReceivedMail);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, summary.join("\n")).toEqual([]);
}

/** `api`: calls the real API as the signed-in admin. */
export const test = base.extend<{ api: Api }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructured first argument
  api: async ({}, use) => {
    const token = await adminToken();
    const context = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
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
