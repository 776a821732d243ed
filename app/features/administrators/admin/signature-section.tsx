import { SIGNATURE_MAX, type Signature, signatureSchema } from "@shared/schemas/signature";
import { LoadError, Loading } from "~/components/admin/load-error";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useSaveSignature, useSignature } from "./admins-api";
import { ADMINISTRATORS_TEXTS } from "./texts";

const FIELDS = [
  { name: "name", label: "signature.name", autoComplete: "name" },
  { name: "title", label: "signature.jobTitle", autoComplete: "organization-title" },
  { name: "phone", label: "signature.phone", autoComplete: "tel" },
] as const;

/** The form, once the stored signature is known; a preview shows the lines the e-mails end with. */
function SignatureForm({ stored }: { stored: Signature }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const lang = useScreenLang();
  const form = useZodForm(signatureSchema, { defaultValues: stored });
  const save = useSaveSignature();
  const lines = form
    .watch(["name", "title", "phone"])
    .map((part) => part.trim())
    .filter(Boolean);
  return (
    <form
      className="space-y-4 p-5 sm:p-6"
      noValidate
      onSubmit={form.handleSubmit(async (input) => {
        const saved = await save.mutateAsync(input).catch(() => undefined);
        if (saved) form.reset(saved);
      })}
    >
      {FIELDS.map(({ name, label, autoComplete }) => (
        <InputField
          key={name}
          id={`account-signature-${name}`}
          label={t(label)}
          required={false}
          autoComplete={autoComplete}
          maxLength={SIGNATURE_MAX}
          type={name === "phone" ? "tel" : "text"}
          error={fieldError(form.formState.errors, name, lang)}
          {...form.register(name)}
        />
      ))}
      <div className="rounded-xl bg-slate-50 p-4 text-sm" data-testid="signature-preview">
        <p className="font-medium text-slate-600">{t("signature.preview")}</p>
        {lines.length > 0 ? (
          <p className="mt-1.5 whitespace-pre-line break-words text-navy">{["--", ...lines].join("\n")}</p>
        ) : (
          <p className="mt-1.5 text-slate-600">{t("signature.empty")}</p>
        )}
      </div>
      <Button type="submit" loading={save.isPending}>
        {save.isPending ? t("signature.submitting") : t("signature.submit")}
      </Button>
    </form>
  );
}

/** Mon compte: "Signature des réponses", the name, title and phone put below one's replies to buyers (decision 0115). */
export function SignatureSection() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const signature = useSignature();
  return (
    <Card className="max-w-xl" data-testid="signature-section">
      <CardHeader title={t("signature.title")} description={t("signature.intro")} />
      {signature.isPending ? (
        <Loading label={common("loading")} />
      ) : signature.isError ? (
        <div className="p-5 sm:p-6">
          <LoadError message={t("signature.loadError")} />
        </div>
      ) : (
        <SignatureForm stored={signature.data} />
      )}
    </Card>
  );
}
