import { can } from "@shared/access";
import { changePasswordInputSchema } from "@shared/schemas/auth";
import { noContentSchema } from "@shared/schemas/common";
import { useMemo, useState } from "react";
import { z } from "zod";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input } from "~/components/ui/field";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useRole } from "~/lib/admin/access";
import { apiRequest, errorMessage } from "~/lib/admin/api";
import { fieldError, showServerFieldErrors, useZodForm } from "~/lib/admin/form";
import { useMe } from "./admins-api";
import { EmailSection } from "./email-section";
import { SessionsSection } from "./sessions-section";
import { SignatureSection } from "./signature-section";
import { ADMINISTRATORS_TEXTS } from "./texts";
import { TotpSection } from "./totp-section";

const TITLE = translate(ADMINISTRATORS_TEXTS, BACK_OFFICE_LANG, "account.title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

/** The server's schema, plus a confirmation the server never sees. */
const formSchema = (mismatch: string) =>
  changePasswordInputSchema.and(z.object({ confirmPassword: z.string() })).refine((v) => v.confirmPassword === v.newPassword, {
    path: ["confirmPassword"],
    message: mismatch,
  });

const FIELDS = [
  { name: "currentPassword", label: "account.currentPassword", autoComplete: "current-password", hint: undefined },
  { name: "newPassword", label: "account.newPassword", autoComplete: "new-password", hint: "account.newPasswordHint" },
  { name: "confirmPassword", label: "account.confirmPassword", autoComplete: "new-password", hint: undefined },
] as const;

/**
 * "Mon compte": the signed-in admin changes their password (every other session of the account ends), their e-mail,
 * the signature of their replies to buyers (a role that replies), manages the second factor and sees and ends their
 * sessions. An account created with a one-time password sees only the password form until it has chosen its own.
 */
export default function AdminAccount() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const me = useMe();
  const mustChange = me.data?.mustChangePassword === true;
  const replies = can(useRole(), "message", "reply");
  return (
    <div className="space-y-6">
      {mustChange && (
        <p role="alert" className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {t("account.mustChange")}
        </p>
      )}
      <PasswordCard onChanged={() => void me.refetch()} />
      {me.data && !mustChange && (
        <>
          <EmailSection email={me.data.user.email} />
          {replies && <SignatureSection />}
          <TotpSection />
          <SessionsSection />
        </>
      )}
    </div>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const lang = useScreenLang();
  const schema = useMemo(() => formSchema(t("account.mismatch")), [t]);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    try {
      await apiRequest("/auth/password", noContentSchema, { method: "POST", body: { currentPassword, newPassword } });
      reset();
      setOutcome({ ok: true, message: t("account.done") });
      onChanged();
    } catch (error) {
      if (!showServerFieldErrors(error, setError, ["newPassword"]))
        setOutcome({ ok: false, message: errorMessage(error, t("account.failed"), lang) });
    }
  });

  return (
    <Card className="max-w-xl">
      <CardHeader title={t("account.passwordTitle")} description={t("account.passwordIntro")} />
      <form className="space-y-5 p-5 sm:p-6" onSubmit={onSubmit} noValidate>
        {FIELDS.map(({ name, label, autoComplete, hint }) => {
          const id = `account-${name}`;
          const error = fieldError(errors, name);
          return (
            <Field key={name} label={t(label)} htmlFor={id} error={error} hint={hint && t(hint)} required>
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
          {isSubmitting ? t("account.submitting") : t("account.submit")}
        </Button>
      </form>
    </Card>
  );
}
