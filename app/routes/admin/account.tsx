import { changePasswordInputSchema } from "@shared/schemas/auth";
import { useState } from "react";
import { z } from "zod";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { adminMeta } from "~/components/admin/meta";
import { EmailSection } from "~/components/admin/security/email-section";
import { SessionsSection } from "~/components/admin/security/sessions-section";
import { TotpSection } from "~/components/admin/security/totp-section";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input } from "~/components/ui/field";
import { TOTP_TEXTS } from "~/i18n/admin/security";
import { ACCOUNT_TEXTS, PAGE_TITLES } from "~/i18n/admin/texts";
import { apiRequest, errorMessage } from "~/lib/admin/api";
import { fieldError, showServerFieldErrors, useZodForm } from "~/lib/admin/form";
import { useMe } from "~/lib/admin/resources/users";

export const meta = () => adminMeta(PAGE_TITLES.account);
export const handle: AdminHandle = { title: PAGE_TITLES.account };

/** The server's schema, plus a confirmation the server never sees. */
const formSchema = changePasswordInputSchema
  .and(z.object({ confirmPassword: z.string() }))
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ["confirmPassword"],
    message: ACCOUNT_TEXTS.mismatch,
  });

const FIELDS = [
  { name: "currentPassword", label: ACCOUNT_TEXTS.currentPassword, autoComplete: "current-password", hint: undefined },
  { name: "newPassword", label: ACCOUNT_TEXTS.newPassword, autoComplete: "new-password", hint: ACCOUNT_TEXTS.newPasswordHint },
  { name: "confirmPassword", label: ACCOUNT_TEXTS.confirmPassword, autoComplete: "new-password", hint: undefined },
] as const;

/**
 * "Mon compte": the signed-in admin changes their password (every other session of the account ends), manages the
 * second factor and sees and ends their sessions. An account created with a one-time password sees only the password form until it has chosen its own.
 */
export default function AdminAccount() {
  const me = useMe();
  const mustChange = me.data?.mustChangePassword === true;
  return (
    <div className="space-y-6">
      {mustChange && (
        <p role="alert" className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {TOTP_TEXTS.mustChange}
        </p>
      )}
      <PasswordCard onChanged={() => void me.refetch()} />
      {me.data && !mustChange && (
        <>
          <EmailSection email={me.data.user.email} />
          <TotpSection />
          <SessionsSection />
        </>
      )}
    </div>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(formSchema, { defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    try {
      await apiRequest<void>("/auth/password", { method: "POST", body: { currentPassword, newPassword } });
      reset();
      setOutcome({ ok: true, message: ACCOUNT_TEXTS.done });
      onChanged();
    } catch (error) {
      if (!showServerFieldErrors(error, setError, ["newPassword"]))
        setOutcome({ ok: false, message: errorMessage(error, ACCOUNT_TEXTS.failed, "fr") });
    }
  });

  return (
    <Card className="max-w-xl">
      <CardHeader title={ACCOUNT_TEXTS.passwordTitle} description={ACCOUNT_TEXTS.passwordIntro} />
      <form className="space-y-5 p-5 sm:p-6" onSubmit={onSubmit} noValidate>
        {FIELDS.map(({ name, label, autoComplete, hint }) => {
          const id = `account-${name}`;
          const error = fieldError(errors, name);
          return (
            <Field key={name} label={label} htmlFor={id} error={error} hint={hint} required>
              <Input
                id={id}
                type="password"
                autoComplete={autoComplete}
                required
                invalid={Boolean(error)}
                aria-describedby={describedBy(id, { error, hint: Boolean(hint) })}
                {...register(name)}
              />
            </Field>
          );
        })}
        {outcome && (
          <p
            role={outcome.ok ? "status" : "alert"}
            className={
              outcome.ok
                ? "rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
                : "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            }
          >
            {outcome.message}
          </p>
        )}
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? ACCOUNT_TEXTS.submitting : ACCOUNT_TEXTS.submit}
        </Button>
      </form>
    </Card>
  );
}
