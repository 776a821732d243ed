import { ExternalLink, Eye } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useTexts } from "~/i18n/screen-lang";
import { useProductPreview } from "./preview";
import { CATALOGUE_TEXTS } from "./texts";

/** "Aperçu": the product's public page in a new tab, also while it is inactive (a signed link valid 1 h). */
export function PreviewButton({ product }: { product: { _id: string; nameFr: string } }) {
  const t = useTexts(CATALOGUE_TEXTS);
  const preview = useProductPreview();
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
      <p id="product-preview-hint" className="text-sm text-slate-600">
        {t("preview.hint")}
      </p>
      <Button
        variant="outline"
        size="sm"
        loading={preview.pending}
        aria-label={t("preview.label", { name: product.nameFr })}
        aria-describedby="product-preview-hint"
        onClick={() => void preview.open(product._id)}
      >
        <Eye className="size-4" aria-hidden="true" />
        {t("preview.button")}
      </Button>
      {preview.blockedUrl && (
        <p role="status" className="w-full text-right text-sm text-amber-900">
          {t("preview.blocked")}{" "}
          <a href={preview.blockedUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium underline">
            {t("preview.open")}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </p>
      )}
    </div>
  );
}
