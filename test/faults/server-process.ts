import { createServer } from "node:net";
import { type ServerProcess, startServer as startCompiledServer } from "../server-process";

export const ADMIN = { email: "faults@test.local", password: "faults-password-1" };

export type { ServerProcess } from "../server-process";

/**
 * Starts the compiled production server (test/server-process.ts) on `env.DATA_DIR`, with the fault tests' admin and
 * no rate limits, and resolves once it listens. Its URL uses 127.0.0.1 so no client goes through a name lookup.
 */
export async function startServer(env: Record<string, string> & { DATA_DIR: string }): Promise<ServerProcess> {
  const { DATA_DIR, ...rest } = env;
  const server = await startCompiledServer(DATA_DIR, {
    RATE_LIMIT: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...rest,
  });
  return { ...server, url: server.url.replace("localhost", "127.0.0.1") };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export function contactMessage(subject: string) {
  return { fullName: "Fault Test", email: "visitor@example.com", phone: "", subject, message: `Message ${subject}` };
}

export function postContact(url: string, subject: string): Promise<Response> {
  return fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(contactMessage(subject)),
  });
}

/** The subjects of every stored contact message, read through the admin API page after page (its `Link` header). */
export async function storedSubjects(url: string): Promise<Set<string>> {
  const token = await login(url);
  const subjects = new Set<string>();
  let next: string | null = "/api/contact/submissions?limit=200";
  while (next) {
    const response: Response = await fetch(`${url}${next}`, { headers: { authorization: `Bearer ${token}` } });
    for (const message of (await response.json()) as { subject: string }[]) subjects.add(message.subject);
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? null;
  }
  return subjects;
}

/** Polls `check` until it returns true (each try may throw: that counts as not yet). */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
}

/**
 * Keeps `workers` clients posting contact messages with unique subjects until `stop()`; counts what each got.
 * A client whose request fails without an answer (`cut`: reset, refused) stops there, as a visitor would.
 * `answeredThenCut`: the answer's headers arrived but its body did not (a connection reset after answering).
 */
export function contactLoad(url: () => string, prefix: string, workers = 4) {
  const acknowledged = new Set<string>();
  const figures = { sent: 0, answered5xx: 0, cut: 0, answeredThenCut: 0 };
  let running = true;
  let counter = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const subject = `${prefix}-${++counter}`;
      figures.sent += 1;
      let response: Response;
      try {
        response = await postContact(url(), subject);
      } catch {
        figures.cut += 1;
        return;
      }
      try {
        await response.arrayBuffer();
      } catch {
        figures.answeredThenCut += 1;
        continue;
      }
      if (response.status === 201) acknowledged.add(subject);
      else if (response.status >= 500) figures.answered5xx += 1;
    }
  });
  return {
    acknowledged,
    figures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
