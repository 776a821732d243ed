/**
 * Hostile bodies (issue 28): 64 MB sent to a page action in three ways. Each must be refused long before it is all sent
 * (413, or the connection cut when the client keeps writing after the answer) and leave the server's resident memory
 * where it was: the body is never buffered beyond the page form's limit.
 */
import { type OversizedBody, postOversized } from "../test/oversized-body";
import type { RecordRow } from "./memory";
import type { ServerProcess } from "./server-process";

const TOTAL = 64 * 1024 * 1024;
/** Growth of resident memory a refused body may cause (allocator noise, not the body). */
const GROWTH_TARGET_MB = 32;
const FRAMINGS: OversizedBody["framing"][] = ["declared", "chunked", "multipart"];

export async function benchHostileBodies(record: RecordRow, engine: string, server: ServerProcess): Promise<void> {
  const port = Number(new URL(server.url).port);
  for (const framing of FRAMINGS) {
    const before = server.rssMb();
    const { status, sent } = await postOversized(port, "/contact/", { framing, total: TOTAL });
    const growth = server.rssMb() - before;
    const answer = status === 0 ? "connection cut" : String(status);
    record(
      `${engine}: POST /contact/ with a 64 MB body (${framing})`,
      `${answer} after ${(sent / 1024 / 1024).toFixed(1)} MB sent; resident memory ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB`,
      `413 or cut, <= +${GROWTH_TARGET_MB} MB`,
      (status === 413 || status === 0) && sent < TOTAL && growth <= GROWTH_TARGET_MB,
    );
  }
}
