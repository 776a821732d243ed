import { changeEmailInputSchema } from "@shared/schemas/admin-security";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { signIn, storedToken } from "~/lib/admin/session";
import { changeEmail } from "./admins-api";
import { EMAIL_TEXTS as T } from "./texts";

/** Mon compte: the sign-in e-mail, changed only with the password (a stolen token alone cannot take the account over). */
export function EmailSection({ email }: { email: string }) {
  const form = useZodForm(changeEmailInputSchema, { defaultValues: { email: "", password: "" } });
  const change = useAdminMutation({
    mutationFn: changeEmail,
    invalidates: [securityKeys.me, securityKeys.users, securityKeys.historyAll],
    success: T.changed,
    error: T.failed,
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
      <CardHeader title={T.title} />
      <form
        className="space-y-4 p-5 sm:p-6"
        noValidate
        onSubmit={form.handleSubmit(async (input) => {
          await change.mutateAsync(input).catch(() => undefined);
        })}
      >
        <p className="text-sm text-slate-700">{T.intro(email)}</p>
        <InputField id="account-email" label={T.email} type="email" autoComplete="email" error={emailError} {...form.register("email")} />
        <InputField
          id="account-email-password"
          label={T.password}
          type="password"
          autoComplete="current-password"
          error={passwordError}
          {...form.register("password")}
        />
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? T.submitting : T.submit}
        </Button>
      </form>
    </Card>
  );
}
