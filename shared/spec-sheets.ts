/**
 * The public addresses of the PDFs made from the catalogue (decision 0126): a product's spec sheet and the catalogue of
 * every public product. French without a parameter, English with `?lang=en`, like the pages (`localizedPath`).
 */
export const specSheetPath = (slug: string) => `/product/${encodeURIComponent(slug)}/spec-sheet.pdf`;
export const CATALOGUE_PDF_PATH = "/catalogue.pdf";
