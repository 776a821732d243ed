// First import: zod must know it may not probe eval before any schema is built (see the module).
import "~/lib/zod-jitless";
import { COMPANY } from "@shared/company";
import { acceptInvitationInputSchema, invitationInfoSchema } from "@shared/schemas/admin-security";
import { loginResponseSchema } from "@shared/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { z } from "zod";
import { FullPageSpinner } from "~/components/admin/full-page-spinner";
import { adminMeta } from "~/components/admin/meta";
import { AdminProviders } from "~/components/admin/providers";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { describedBy, Field, FormError, Input } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { ApiError, api, apiRequest, errorMessage } from "~/lib/admin/api";
import { fieldError, showServerFieldErrors, useZodForm } from "~/lib/admin/form";
import { signIn, useSession } from "~/lib/admin/session";
import { HYDRATE } from "~/lib/hydration";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** The back office is a single-page app: React runs in the browser. */
export const handle = HYDRATE;
export const meta = () => adminMeta(translate(ADMINISTRATORS_TEXTS, BACK_OFFICE_LANG, "invitation.title"));

/** The page of an invitation link (open to anyone holding it): the invitee chooses a password and is signed in. */
export default function AdminInvitation() {
  const session = useSession();
  const common = useTexts(COMMON_TEXTS);
  const t = useTexts(ADMINISTRATORS_TEXTS);
  if (session.status === "loading") return <FullPageSpinner label={common("sessionLoading")} />;
  if (session.user) return <Navigate to="/admin" replace />;
  return (
    <AdminProviders>
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
        <div className="w-full max-w-sm">
          <p className="text-center font-display text-2xl font-semibold text-navy">{COMPANY.name}</p>
          <Card className="mt-6 p-6 sm:p-8">
            <h1 className="text-xl font-semibold text-navy">{t("invitation.heading")}</h1>
            <InvitationBody />
          </Card>
        </div>
      </main>
    </AdminProviders>
  );
}

function Notice({ text }: { text: string }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return (
    <div className="mt-4 space-y-4">
      <FormError>{text}</FormError>
      <Link to="/admin/login" className="text-sm text-algae underline underline-offset-4 hover:no-underline">
        {t("invitation.toLogin")}
      </Link>
    </div>
  );
}

function InvitationBody() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const info = useQuery({
    queryKey: ["invitation", token],
    enabled: token.length > 0,
    retry: false,
    queryFn: ({ signal }) => api.get(`/users/invitation?token=${encodeURIComponent(token)}`, invitationInfoSchema, signal),
  });
  if (!token) return <Notice text={t("invitation.missing")} />;
  if (info.isPending) return <p className="mt-4 text-sm text-slate-600">{t("invitation.checking")}</p>;
  if (info.error || !info.data)
    return (
      <Notice
        text={
          info.error instanceof ApiError && info.error.status === 410
            ? t("invitation.invalid")
            : errorMessage(info.error, t("invitation.invalid"), "fr")
        }
      />
    );
  return <PasswordForm token={token} email={info.data.email} />;
}

const formSchema = (mismatch: string) =>
  acceptInvitationInputSchema
    .and(z.object({ confirmPassword: z.string() }))
    .refine((v) => v.confirmPassword === v.password, { path: ["confirmPassword"], message: mismatch });

function PasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const schema = useMemo(() => formSchema(t("invitation.mismatch")), [t]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(schema, { defaultValues: { token, password: "", confirmPassword: "" } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const answer = await apiRequest("/users/invitation", loginResponseSchema, {
        method: "POST",
        body: { token, password },
        ignoreUnauthorized: true,
      });
      signIn(answer.token, answer.user);
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, ["password"])) setFailure(errorMessage(error, t("invitation.failed"), "fr"));
    }
  });
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">{t("invitation.intro", { email })}</p>
      <form className="mt-6 space-y-5" onSubmit={onSubmit} noValidate>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {(
          [
            ["password", t("invitation.password"), t("invitation.passwordHint")],
            ["confirmPassword", t("invitation.confirm"), undefined],
          ] as const
        ).map(([name, label, hint]) => {
          const id = `invitation-${name}`;
          const error = fieldError(errors, name);
          return (
            <Field key={name} label={label} htmlFor={id} error={error} hint={hint} required>
              <Input
                id={id}
                type="password"
                autoComplete="new-password"
                required
                invalid={Boolean(error)}
                aria-describedby={describedBy(id, { error, hint: Boolean(hint) })}
                {...form.register(name)}
              />
            </Field>
          );
        })}
        <FormError>{failure}</FormError>
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t("invitation.submitting") : t("invitation.submit")}
        </Button>
      </form>
    </>
  );
}
