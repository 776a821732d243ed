/** Image uploads as a browser sends them, for API tests. */
import sharp from "sharp";
import { expect } from "vitest";
import type { TestContext } from "./test-app";

/** A multipart/form-data body built by hand, as a browser would send it (field `image` unless told). */
export function multipart(file: { data: Buffer; filename: string; contentType: string; field?: string }) {
  const boundary = "----vitest-boundary-7d93a1";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "image"}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file.data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads these PNG bytes as the signed-in admin; the stored image's URL. */
export async function uploadPng(t: TestContext, png: Buffer): Promise<string> {
  const body = multipart({ data: png, filename: "photo.png", contentType: "image/png" });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/upload/image?folder=algues",
    payload: body.payload,
    headers: { ...body.headers, ...t.auth },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ url: string }>().url;
}

/** Uploads a plain picture of this size and colour; the stored image's URL. */
export async function uploadPicture(t: TestContext, size: { width: number; height: number }, colour: { r: number; g: number; b: number }) {
  const png = await sharp({ create: { ...size, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return uploadPng(t, png);
}
