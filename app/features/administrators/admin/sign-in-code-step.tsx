import { loginTotpInputSchema } from "@shared/schemas/admin-security";
import { type SignedIn, signedInSchema } from "@shared/schemas/auth";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { describedBy, Field, FormError, Input } from "~/components/ui/field";
import { useTexts } from "~/i18n/screen-lang";
import { apiRequest, errorMessage } from "~/lib/admin/api";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { ADMINISTRATORS_TEXTS } from "./texts";

const codeSchema = loginTotpInputSchema.pick({ code: true });

/** Second step of the sign-in when the account has TOTP: a 6-digit code or a recovery code, traded with the challenge. */
export function LoginCodeStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (answer: SignedIn) => void;
  onBack: () => void;
}) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(codeSchema, { defaultValues: { code: "" } });
  const error = fieldError(form.formState.errors, "code");

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onSignedIn(
        await apiRequest("/auth/login/totp", signedInSchema, { method: "POST", body: { challenge, code }, ignoreUnauthorized: true }),
      );
    } catch (caught) {
      setFailure(errorMessage(caught, t("signInCode.failed"), "fr"));
    }
  });

  return (
    <>
      <h1 className="text-xl font-semibold text-navy">{t("signInCode.heading")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("signInCode.intro")}</p>
      <form className="mt-6 space-y-5" onSubmit={onSubmit} noValidate>
        <Field label={t("signInCode.code")} htmlFor="login-code" error={error} required>
          <Input
            id="login-code"
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            required
            maxLength={16}
            className="font-mono tracking-widest"
            invalid={Boolean(error)}
            aria-describedby={describedBy("login-code", { error })}
            {...form.register("code")}
          />
        </Field>
        <FormError>{failure}</FormError>
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t("signInCode.submitting") : t("signInCode.submit")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          {t("signInCode.back")}
        </Button>
      </form>
    </>
  );
}
