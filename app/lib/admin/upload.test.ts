import { LIMITS, UPLOAD_PROGRESS } from "@shared/limits";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_MESSAGES } from "~/i18n/admin/texts";
import { errorText } from "./error-texts";
import { checkImageFile, sendProgress, uploadImage } from "./upload";

describe("checks before an upload, in the specification's English words on every screen", () => {
  it("refuses a file that is not an image", () => {
    expect(checkImageFile(new File(["x"], "notes.txt", { type: "text/plain" }), "token")).toBe("Please select an image file");
  });

  it("refuses an image over 10 MB, in the words of the server's English refusal", () => {
    const big = new File([new Uint8Array(LIMITS.uploadMaxBytes + 1)], "big.png", { type: "image/png" });
    expect(checkImageFile(big, "token")).toBe("Image size must be less than 10MB");
    expect(checkImageFile(big, "token")).toBe(errorText({ code: "upload.too_large", params: { maxMb: 10 } }, "en"));
  });

  it("refuses to send without a stored token", () => {
    expect(checkImageFile(new File(["x"], "a.png", { type: "image/png" }), null)).toBe("Authentication token not found");
  });

  it("accepts an image under the limit when a token is stored", () => {
    expect(checkImageFile(new File(["x"], "a.png", { type: "image/png" }), "token")).toBeNull();
  });

  it("has every message in both languages, the French ones ready for a French field", () => {
    expect(Object.keys(UPLOAD_MESSAGES.fr).sort()).toEqual(Object.keys(UPLOAD_MESSAGES.en).sort());
  });
});

describe("upload progress while sending", () => {
  it("spans 20 to 80 from the first byte to the last", () => {
    expect(sendProgress(0, 1000)).toBe(UPLOAD_PROGRESS.sendFrom);
    expect(sendProgress(500, 1000)).toBe(50);
    expect(sendProgress(1000, 1000)).toBe(UPLOAD_PROGRESS.sendTo);
  });
});

/** A stand-in for the browser's XMLHttpRequest: the test drives its events. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  upload = new EventTarget();
  status = 0;
  responseText = "";
  headers: Record<string, string> = {};
  url = "";
  sent: unknown;
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event("progress"), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.dispatchEvent(new Event("load"));
  }
}

describe("uploadImage over XMLHttpRequest", () => {
  const image = () => new File([new Uint8Array(1000)], "photo.png", { type: "image/png" });
  const store = new Map<string, string>();

  beforeEach(() => {
    store.clear();
    store.set("authToken", "the-token");
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reports 5, then 20 to 80 while sending, then 90 and 100, and resolves with the url", async () => {
    const seen: number[] = [];
    const { promise } = uploadImage(image(), { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.url).toBe("/api/upload/image?folder=algues");
    expect(xhr.headers.Authorization).toBe("Bearer the-token");
    xhr.upload.dispatchEvent(new Event("loadstart"));
    xhr.progress(500, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(201, JSON.stringify({ url: "/uploads/algues/a.webp", width: 10, height: 10 }));
    await expect(promise).resolves.toEqual({ url: "/uploads/algues/a.webp", width: 10, height: 10 });
    expect(seen).toEqual([5, 20, 50, 80, 90, 100]);
  });

  it("says a refusal from its code, in the field's language, not the server's bilingual text", async () => {
    const refusal = JSON.stringify({
      error: "L'image doit faire moins de 10 Mo / Image size must be less than 10MB",
      code: "upload.too_large",
      params: { maxMb: 10 },
    });
    const french = uploadImage(image(), { onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(413, refusal);
    await expect(french.promise).rejects.toThrow(/^L'image doit faire moins de 10 Mo$/);
    const english = uploadImage(image(), { lang: "en", onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(413, refusal);
    await expect(english.promise).rejects.toThrow(/^Image size must be less than 10MB$/);
  });

  it("names the status when a refusal carries no code it knows", async () => {
    const { promise } = uploadImage(image(), { lang: "en", onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(415, JSON.stringify({ error: "Le fichier n'est pas une image" }));
    await expect(promise).rejects.toThrow("Upload failed with status 415");
  });

  it("names the status when a refusal carries no message", async () => {
    const { promise } = uploadImage(image(), { onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(502, "<html>Bad gateway</html>");
    await expect(promise).rejects.toThrow("Upload failed with status 502");
  });

  it("rejects an answer that is not JSON", async () => {
    const { promise } = uploadImage(image(), { lang: "en", onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(201, "not json");
    await expect(promise).rejects.toThrow("Invalid response from server");
  });

  it("says 'Upload failed' when a success answer has no url", async () => {
    const { promise } = uploadImage(image(), { lang: "en", onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(200, "{}");
    await expect(promise).rejects.toThrow("Upload failed");
  });

  it("reports a network error", async () => {
    const { promise } = uploadImage(image(), { lang: "en", onProgress: () => {} });
    (FakeXhr.last as FakeXhr).dispatchEvent(new Event("error"));
    await expect(promise).rejects.toThrow("Network error during upload");
  });

  it("reports a cancelled upload when aborted", async () => {
    const { promise, abort } = uploadImage(image(), { onProgress: () => {} });
    abort();
    await expect(promise).rejects.toMatchObject({ message: "Upload cancelled", cancelled: true });
  });

  it("ends the session on a 401", async () => {
    store.set("user", "{}");
    const { promise } = uploadImage(image(), { onProgress: () => {} });
    (FakeXhr.last as FakeXhr).respond(
      401,
      JSON.stringify({ error: "Authentification requise / Authentication required", code: "auth.required" }),
    );
    await expect(promise).rejects.toThrow(/^Authentification requise$/);
    expect(store.has("authToken")).toBe(false);
    expect(store.has("user")).toBe(false);
  });

  it("refuses to start without a stored token", async () => {
    store.clear();
    const { promise } = uploadImage(image(), { lang: "en", onProgress: () => {} });
    await expect(promise).rejects.toThrow("Authentication token not found");
  });
});
