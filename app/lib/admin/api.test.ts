// @vitest-environment happy-dom
import { partnerListSchema } from "@shared/schemas/partner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage, UnexpectedAnswerError } from "./api";

/** The network answers `body` with `status` to whatever is asked (the client's code is what is tested here). */
function answer(status: number, body?: unknown) {
  const fetch = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const partner = {
  _id: "3f1c2a58-8a8e-4a53-9f45-0d1b7e9c2a10",
  name: "Algotech",
  logoUrl: "/uploads/partenaires/a.webp",
  websiteUrl: "https://example.com",
  orderIndex: 0,
  isActive: true,
  version: 1,
  createdAt: "2026-11-24T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
};

describe("api", () => {
  it("gives back the answer as its schema reads it", async () => {
    answer(200, [partner]);
    await expect(api.get("/partners", partnerListSchema)).resolves.toEqual([partner]);
  });

  it("refuses an answer that does not match its schema with an ApiError saying so, not a crash later", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    answer(200, [{ ...partner, isActive: "yes" }]);
    const failure = await api.get("/partners", partnerListSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnexpectedAnswerError);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, path: "/partners", details: [expect.objectContaining({ path: [0, "isActive"] })] });
    expect(errorMessage(failure, "fallback", "en")).toBe("Unexpected answer from the server, reload the page");
  });

  it("reads a 204 as no content, and an error answer as before", async () => {
    answer(204);
    await expect(api.delete("/partners/x")).resolves.toBeUndefined();
    answer(409, { error: "Déjà pris / Taken", details: { reason: "version" } });
    await expect(api.get("/partners", partnerListSchema)).rejects.toMatchObject({ status: 409, message: "Déjà pris / Taken" });
  });
});
