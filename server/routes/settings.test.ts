import type { HistoryEntry } from "@shared/schemas/history";
import type { Settings, SettingsInput } from "@shared/schemas/settings";
import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { PUBLIC_CACHE } from "../plugins/response-cache";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

/** The stored settings as an admin reads them (never from the public cache). */
async function stored(): Promise<Settings> {
  const response = await call("GET", "/settings");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Settings>();
}

/** The settings as a form sends them back: the document and the version it started from. */
function inputOf(settings: Settings): SettingsInput {
  const { updatedAt: _updatedAt, ...input } = settings;
  return structuredClone(input) as SettingsInput;
}

describe("site settings", () => {
  it("answers 401 to an anonymous write before reading its body, and changes nothing", async () => {
    const before = await stored();
    const refused = await call("PUT", "/settings", { nothing: "valid" }, false);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "auth.required" });
    expect((await stored()).version).toBe(before.version);
  });

  it("stores today's texts on the first read, and serves them publicly from the cache", async () => {
    const response = await call("GET", "/settings", undefined, false);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const { version, updatedAt, ...data } = response.json<Settings>();
    expect(data).toEqual(SITE_SETTINGS_DEFAULTS);
    expect(version).toBeGreaterThanOrEqual(1);
    expect(updatedAt).toEqual(expect.any(String));
  });

  it("replaces the settings, moves the version and clears the public cache so the next read shows the change", async () => {
    const before = await stored();
    // Warm the public cache.
    expect((await call("GET", "/settings", undefined, false)).json<Settings>().company.phones[0]?.number).toBe(
      before.company.phones[0]?.number,
    );
    const input = inputOf(before);
    input.company.phones = [
      { label: { fr: "Standard", en: "Switchboard" }, number: "+216 72 111 222" },
      { label: { fr: "Ventes", en: "Sales" }, number: "+33 (0)1 23 45 67 89" },
    ];
    input.home.values[1].title = { fr: "Exactitude", en: "Accuracy" };
    const saved = await call("PUT", "/settings", input);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<Settings>();
    expect(after.version).toBe(before.version + 1);
    expect(after.home.values[1]?.title).toEqual({ fr: "Exactitude", en: "Accuracy" });

    const publicRead = (await call("GET", "/settings", undefined, false)).json<Settings>();
    expect(publicRead.company.phones.map((p) => p.number)).toEqual(["+216 72 111 222", "+33 (0)1 23 45 67 89"]);
    expect(publicRead.version).toBe(after.version);
  });

  it("writes one history line of type settings naming each changed field", async () => {
    const before = await stored();
    const input = inputOf(before);
    input.footer.about.en = "Seaweed from Bizerte.";
    input.home.story.entries = [...input.home.story.entries].reverse();
    expect((await call("PUT", "/settings", input)).statusCode).toBe(200);
    const [row] = (await call("GET", "/history?type=settings&limit=1")).json<HistoryEntry[]>();
    expect(row).toMatchObject({ entityType: "settings", action: "update" });
    const fields = row?.changes.map((change) => change.field) ?? [];
    expect(fields).toContain("footer.about.en");
    expect(fields.some((field) => field.startsWith("home.story.entries.0."))).toBe(true);
    expect(row?.changes.find((change) => change.field === "footer.about.en")).toMatchObject({ after: "Seaweed from Bizerte." });
  });

  it("answers 409 with the stored settings to a save based on an old version, and changes nothing", async () => {
    const current = await stored();
    const stale = { ...inputOf(current), version: current.version - 1 };
    stale.company.address = "Ailleurs";
    const refused = await call("PUT", "/settings", stale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "edit_conflict", details: { reason: "version", current: { version: current.version } } });
    expect((await stored()).company.address).toBe(current.company.address);
  });

  it("of a burst of saves from the same version, exactly one lands; the others get 409 and one history line is written", async () => {
    const before = await stored();
    const historyBefore = (await call("GET", "/history?type=settings&limit=200")).json<HistoryEntry[]>().length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => {
        const input = inputOf(before);
        input.company.address = `Rafale ${n}, Bizerte`;
        return call("PUT", "/settings", input);
      }),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    const after = await stored();
    expect(after.version).toBe(before.version + 1);
    expect(after.company.address).toBe(answers.find((answer) => answer.statusCode === 200)?.json<Settings>().company.address);
    expect((await call("GET", "/history?type=settings&limit=200")).json<HistoryEntry[]>().length).toBe(historyBefore + 1);
  });

  it("refuses invalid settings with 400 validation, naming the field", async () => {
    const current = await stored();
    const cases: [string, (input: SettingsInput) => void][] = [
      [
        "company.phones.0.number",
        (input) => {
          input.company.phones[0] = { label: { fr: "A", en: "A" }, number: "appelez-nous" };
        },
      ],
      [
        "company.phones",
        (input) => {
          input.company.phones = [];
        },
      ],
      [
        "company.emails.0.email",
        (input) => {
          input.company.emails[0] = { label: { fr: "A", en: "A" }, email: "pas-une-adresse" };
        },
      ],
      [
        "company.mapUrl",
        (input) => {
          input.company.mapUrl = "javascript:alert(1)";
        },
      ],
      [
        "home.values",
        (input) => {
          (input.home.values as unknown[]).pop();
        },
      ],
      [
        "home.story.entries",
        (input) => {
          input.home.story.entries = [];
        },
      ],
      [
        "home.mission.title.fr",
        (input) => {
          input.home.mission.title.fr = "   ";
        },
      ],
      [
        "footer.about.en",
        (input) => {
          input.footer.about.en = "x".repeat(5000);
        },
      ],
    ];
    for (const [field, spoil] of cases) {
      const input = inputOf(current);
      spoil(input);
      const refused = await call("PUT", "/settings", input);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json<{ code: string }>().code, field).toBe("validation");
      expect(refused.body, field).toContain(field);
    }
    expect((await stored()).version).toBe(current.version);
  });
});
