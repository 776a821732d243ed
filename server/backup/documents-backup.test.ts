import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { makePdf } from "../../test/pdf";
import { createTestContext } from "../../test/test-app";
import { openDatabase } from "../db/client";
import { productDocuments } from "../db/schema/index";
import { createDiskStorage } from "../services/storage/disk";
import { checkArchive } from "./check";
import { createBackup } from "./create";
import { restoreBackup } from "./restore";

const scratch = mkdtempSync(path.join(tmpdir(), "marine-algae-documents-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("backups of product documents (decision 0109)", () => {
  it("carry each document file once with its checksum, and a restore puts the files and rows back", async () => {
    const t = await createTestContext();
    const pdf = await makePdf("backed up");
    let hash = "";
    const archive = path.join(scratch, "documents.tar.gz");
    try {
      const category = await t.call("POST", "/categories", { slug: "docs-backup", nameFr: "Docs", nameEn: "Docs" });
      const product = await t.call("POST", "/products", {
        slug: "produit-backup",
        nameFr: "Produit",
        nameEn: "Product",
        shortDescriptionFr: "Court",
        shortDescriptionEn: "Short",
        mainImageUrl: "/uploads/algues/x.webp",
        categoryId: category.json<{ _id: string }>()._id,
        contentBlocks: [],
      });
      const productId = product.json<{ _id: string }>()._id;
      const fields = {
        kind: "tds",
        language: "fr",
        titleFr: "",
        titleEn: "",
        versionLabel: "",
        documentDate: null,
        visibility: "public",
      } as const;
      const first = await t.app.services.documents.create(productId, pdf, "fiche.pdf", fields);
      // The same file on a second document: stored, and archived, once.
      await t.app.services.documents.create(productId, pdf, "fiche-copie.pdf", { ...fields, language: "en" });
      hash = first.contentHash;
      const manifest = await createBackup(t.database, t.app.services.storage, archive);
      expect(manifest.documents).toBe(1);
      expect(manifest.sha256?.[`documents/${hash}.pdf`]).toBe(hash);
      expect((await checkArchive(archive)).manifest.documents).toBe(1);
    } finally {
      await t.close();
    }

    const dataDir = mkdtempSync(path.join(scratch, "restored-"));
    const database = await openDatabase({ dataDir });
    const storage = createDiskStorage(path.join(dataDir, "uploads"));
    try {
      await restoreBackup(database, storage, archive);
      const rows = await database.db.select().from(productDocuments);
      expect(rows.map((row) => row.fileName).sort()).toEqual(["fiche-copie.pdf", "fiche.pdf"]);
      const opened = await storage.openDocument(hash);
      if (!opened) throw new Error("the document file was not restored");
      expect(opened.size).toBe(pdf.length);
      expect((await buffer(opened.stream)).equals(pdf)).toBe(true);
    } finally {
      await database.close();
    }
    // Two databases, PDFs written, archived and restored: minutes on a loaded 2-core machine; time is not what is tested.
  }, 180_000);
});
