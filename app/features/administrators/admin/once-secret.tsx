import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useTexts } from "~/i18n/screen-lang";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** A secret shown once (one-time password, recovery codes): monospace, copyable, gone once acknowledged. */
export function OnceSecret({
  title,
  intro,
  lines,
  doneLabel,
  onDone,
  testId,
}: {
  title: string;
  intro: string;
  lines: string[];
  doneLabel: string;
  onDone: () => void;
  testId: string;
}) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const [copied, setCopied] = useState(false);
  return (
    <section role="status" aria-labelledby={`${testId}-title`} className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 id={`${testId}-title`} className="font-semibold text-navy">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <ul data-testid={testId} className="mt-3 grid gap-1.5 font-mono text-base text-navy sm:grid-cols-2">
        {lines.map((line) => (
          <li key={line} className="break-all rounded-md bg-white px-3 py-1.5 ring-1 ring-amber-200">
            {line}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(lines.join("\n")).then(() => setCopied(true));
          }}
        >
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? t("users.copied") : t("users.copy")}
        </Button>
        <Button size="sm" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
