import { editValuesOf } from "@shared/resources/define";
import { productResource } from "@shared/resources/products";
import { toSiteLocalInput } from "@shared/schedule";
import type { ContentBlock } from "@shared/schemas/content-block";
import type { Product, ProductInput } from "@shared/schemas/product";
import { emptyTableData } from "@shared/schemas/table-data";

type BlockInput = NonNullable<ProductInput["contentBlocks"]>[number];

/** A stored block as the form edits it: its `_id` goes back with the save so the server updates it in place. */
export function blockInput(block: ContentBlock, order: number): BlockInput {
  return {
    _id: block._id,
    type: block.type,
    contentFr: block.contentFr,
    contentEn: block.contentEn,
    richFr: block.richFr,
    richEn: block.richEn,
    order,
    imageUrl: block.imageUrl ?? "",
    tableData: block.type === "table" ? (block.tableData ?? emptyTableData()) : null,
  };
}

/** A stored product as the edit form holds it and PUT /products/:id takes it, with the `version` it was read at. */
export function productInput(product: Product): ProductInput {
  return {
    ...editValuesOf(productResource, product),
    // Shown and entered in Tunisia's time; the shared schema turns it into a UTC instant.
    publishAt: toSiteLocalInput(product.publishAt),
    contentBlocks: [...product.contentBlocks].sort((a, b) => a.order - b.order).map((block, i) => blockInput(block, i)),
    certificationIds: product.certificationIds,
    applicationIds: product.applicationIds,
    functionIds: product.functionIds,
  } as ProductInput;
}
