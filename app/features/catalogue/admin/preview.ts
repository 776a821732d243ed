import { previewLinkSchema } from "@shared/schemas/product";
import { useState } from "react";
import { useTexts } from "~/i18n/screen-lang";
import { api, errorMessage } from "~/lib/admin/api";
import { feedback } from "~/lib/admin/feedback";
import { CATALOGUE_TEXTS } from "./texts";

/**
 * Opens the public page of a product (even inactive) in a new tab through POST /products/:id/preview.
 * The tab is opened during the click, before the call, so popup blockers let it through; its address is set once
 * the signed link arrives. When the browser still refuses the tab, `blockedUrl` holds the link to show instead.
 */
export function useProductPreview() {
  const t = useTexts(CATALOGUE_TEXTS);
  const [pending, setPending] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  async function open(productId: string) {
    const tab = window.open("about:blank", "_blank");
    setPending(true);
    setBlockedUrl(null);
    try {
      const { url } = await api.post(`/products/${productId}/preview`, undefined, previewLinkSchema);
      if (tab && !tab.closed) {
        // Our own page in that tab needs no handle back on the admin.
        tab.opener = null;
        tab.location.href = url;
      } else {
        setBlockedUrl(url);
      }
    } catch (error) {
      tab?.close();
      console.error(error);
      feedback.error(errorMessage(error, t("preview.error"), "fr"));
    } finally {
      setPending(false);
    }
  }

  return { open, pending, blockedUrl };
}
