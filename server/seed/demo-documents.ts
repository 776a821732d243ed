import { createHash } from "node:crypto";
import type { DocumentFields, DocumentKind, DocumentLanguage, DocumentVisibility } from "@shared/documents";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { productDocuments, products } from "../db/schema/index";
import type { ImageStorage } from "../services/storage/types";

/**
 * Demo documents (decision 0109): tiny PDFs (about 1 KB each) generated at seed time with pdf-lib rather than committed,
 * so the repository holds no binary and the text stays readable here. Fixed dates make the bytes, hence the hashes and
 * addresses, the same on every seed.
 */
type DemoDocument = {
  slug: string;
  kind: DocumentKind;
  language: DocumentLanguage;
  visibility: DocumentVisibility;
  versionLabel: string;
  documentDate: string;
  lines: string[];
};

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    slug: "ulva-lactuca",
    kind: "tds",
    language: "fr",
    visibility: "public",
    versionLabel: "v3",
    documentDate: "2026-02-10",
    lines: ["Fiche technique — Ulva lactuca", "Humidité : ≤ 12 %", "Origine : lagune de Bizerte (Tunisie)"],
  },
  {
    slug: "ulva-lactuca",
    kind: "tds",
    language: "en",
    visibility: "public",
    versionLabel: "v3",
    documentDate: "2026-02-10",
    lines: ["Technical data sheet — Ulva lactuca", "Moisture: ≤ 12%", "Origin: Bizerte lagoon (Tunisia)"],
  },
  {
    slug: "ulva-lactuca",
    kind: "coa",
    language: "both",
    visibility: "on_request",
    versionLabel: "lot 2026-014",
    documentDate: "2026-03-05",
    lines: ["Certificat d'analyse / Certificate of analysis", "Ulva lactuca — lot 2026-014"],
  },
  {
    slug: "extrait-ulvane",
    kind: "sds",
    language: "both",
    visibility: "public",
    versionLabel: "1.2",
    documentDate: "2025-11-20",
    lines: ["Fiche de données de sécurité / Safety data sheet", "Extrait d'ulvane / Ulvan extract"],
  },
  {
    slug: "gracilaria-gracilis",
    kind: "tds",
    language: "both",
    visibility: "public",
    versionLabel: "v1",
    documentDate: "2026-01-15",
    lines: ["Fiche technique / Technical data sheet", "Gracilaria gracilis"],
  },
];

const FIXED_DATE = new Date("2026-01-01T00:00:00Z");

/** WinAnsi (the standard fonts' encoding) has no "≤": written as "<=" in the PDF. */
const winAnsi = (text: string) => text.replace(/≤/g, "<=");

async function demoPdf(lines: string[]): Promise<Buffer> {
  // pdf-lib only on the first start that seeds the demo (issue 34: not held by every later start).
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setCreationDate(FIXED_DATE);
  document.setModificationDate(FIXED_DATE);
  document.setProducer("Marine Algae of Tunisia");
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  lines.forEach((line, index) => {
    page.drawText(winAnsi(line), { x: 56, y: 770 - index * 24, size: index === 0 ? 16 : 12, font });
  });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** Adds the demo documents of the demo products present (inside the seed's transaction; files first, then rows). */
export async function seedDemoDocuments(db: Db, storage: ImageStorage): Promise<void> {
  const positions = new Map<string, number>();
  for (const demo of DEMO_DOCUMENTS) {
    const [product] = await db.select({ id: products._id }).from(products).where(eq(products.slug, demo.slug));
    if (!product) continue;
    const bytes = await demoPdf(demo.lines);
    const hash = createHash("sha256").update(bytes).digest("hex");
    await storage.saveDocument(hash, bytes);
    const position = positions.get(demo.slug) ?? 0;
    positions.set(demo.slug, position + 1);
    const fields: DocumentFields = {
      kind: demo.kind,
      language: demo.language,
      titleFr: "",
      titleEn: "",
      versionLabel: demo.versionLabel,
      documentDate: demo.documentDate,
      visibility: demo.visibility,
    };
    await db.insert(productDocuments).values({
      ...fields,
      productId: product.id,
      position,
      contentHash: hash,
      sizeBytes: bytes.length,
      fileName: `${demo.slug}-${demo.kind}-${demo.language}.pdf`,
    });
  }
}
