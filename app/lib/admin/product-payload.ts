import type { ContentBlock } from "../../../shared/schemas/content-block";
import type { Product, ProductInput } from "../../../shared/schemas/product";
import { emptyTableData } from "../../../shared/schemas/table-data";

type BlockInput = NonNullable<ProductInput["contentBlocks"]>[number];

export function blockInput(
  block: Pick<ContentBlock, "type" | "contentFr" | "contentEn" | "imageUrl" | "tableData">,
  order: number,
): BlockInput {
  return {
    type: block.type,
    contentFr: block.contentFr,
    contentEn: block.contentEn,
    order,
    imageUrl: block.imageUrl ?? "",
    tableData: block.type === "table" ? (block.tableData ?? emptyTableData()) : null,
  };
}

/** The whole product as PUT /products/:id wants it (the server replaces the blocks with the ones sent). */
export function productInput(product: Product): ProductInput {
  return {
    slug: product.slug,
    nameFr: product.nameFr,
    nameEn: product.nameEn,
    shortDescriptionFr: product.shortDescriptionFr,
    shortDescriptionEn: product.shortDescriptionEn,
    mainImageUrl: product.mainImageUrl,
    categoryId: product.categoryId,
    isActive: product.isActive,
    metaTitleFr: product.metaTitleFr,
    metaTitleEn: product.metaTitleEn,
    metaDescriptionFr: product.metaDescriptionFr,
    metaDescriptionEn: product.metaDescriptionEn,
    contentBlocks: [...product.contentBlocks].sort((a, b) => a.order - b.order).map((block, i) => blockInput(block, i)),
  };
}
