/** The sections of the product form, in the order the form shows them and its section navigation lists them. */
export const PRODUCT_FORM_SECTIONS = [
  "general",
  "image",
  "descriptions",
  "certifications",
  "facts",
  "uses",
  "regulatory",
  "blocks",
  "documents",
  "seo",
] as const;
export type ProductFormSection = (typeof PRODUCT_FORM_SECTIONS)[number];

/** The id of a section's element, the target of its link. */
export const productSectionId = (section: ProductFormSection) => `product-section-${section}`;

/** The sections a form shows: the documents one only where the screen gives it (not in a form on its own). */
export function productFormSections({ documents }: { documents: boolean }): ProductFormSection[] {
  return PRODUCT_FORM_SECTIONS.filter((section) => documents || section !== "documents");
}
