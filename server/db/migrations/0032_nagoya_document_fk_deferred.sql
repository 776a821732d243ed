-- A product's Nagoya document (decision 0124) is one of its own documents, which refer back to the product: checked at
-- commit, so a restore (one transaction, parents first) can write products before their documents.
ALTER TABLE "products" ALTER CONSTRAINT "products_nagoya_document_fk" DEFERRABLE INITIALLY DEFERRED;
