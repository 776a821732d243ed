import { changeEmailInputSchema } from "@shared/schemas/admin-security";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { signIn, storedToken } from "~/lib/admin/session";
import { changeEmail } from "./admins-api";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** Mon compte: the sign-in e-mail, changed only with the password (a stolen token alone cannot take the account over). */
export function EmailSection({ email }: { email: string }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const form = useZodForm(changeEmailInputSchema, { defaultValues: { email: "", password: "" } });
  const change = useAdminMutation({
    mutationFn: changeEmail,
    invalidates: [securityKeys.me, securityKeys.users, securityKeys.historyAll],
    success: t("email.changed"),
    error: t("email.failed"),
    onSuccess: ({ user }) => {
      form.reset();
      const token = storedToken();
      if (token) signIn(token, user);
    },
  });
  const emailError = fieldError(form.formState.errors, "email");
  const passwordError = fieldError(form.formState.errors, "password");
  return (
    <Card className="max-w-xl">
      <CardHeader title={t("email.title")} />
      <form
        className="space-y-4 p-5 sm:p-6"
        noValidate
        onSubmit={form.handleSubmit(async (input) => {
          await change.mutateAsync(input).catch(() => undefined);
        })}
      >
        <p className="text-sm text-slate-700">{t("email.intro", { email })}</p>
        <InputField
          id="account-email"
          label={t("email.email")}
          type="email"
          autoComplete="email"
          error={emailError}
          {...form.register("email")}
        />
        <InputField
          id="account-email-password"
          label={t("email.password")}
          type="password"
          autoComplete="current-password"
          error={passwordError}
          {...form.register("password")}
        />
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? t("email.submitting") : t("email.submit")}
        </Button>
      </form>
    </Card>
  );
}
