import { ImageOff } from "lucide-react";
import { useState } from "react";
import { useTexts } from "~/i18n/screen-lang";
import { PARTNER_TEXTS } from "./texts";

/** A logo that falls back to a placeholder when the image fails to load. */
export function PartnerLogo({ src, name }: { src: string; name: string }) {
  const t = useTexts(PARTNER_TEXTS);
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span
        className="flex h-12 w-20 items-center justify-center rounded-lg bg-slate-100 text-slate-500"
        role="img"
        aria-label={t("logoUnavailable")}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={t("logoAlt", { name })}
      className="h-12 w-20 rounded-lg bg-white object-contain"
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
