// First import: zod must know it may not probe eval before any schema is built (see the module).
import "~/lib/zod-jitless";
import { COMPANY } from "@shared/company";
import { signInAnswerSchema } from "@shared/schemas/admin-security";
import { loginInputSchema, type SignedIn } from "@shared/schemas/auth";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { FullPageSpinner } from "~/components/admin/full-page-spinner";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { describedBy, Field, FormError, Input } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { apiRequest, errorMessage } from "~/lib/admin/api";
import { useZodForm } from "~/lib/admin/form";
import { signIn, useSession } from "~/lib/admin/session";
import { HYDRATE } from "~/lib/hydration";
import { LoginCodeStep } from "./sign-in-code-step";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** The back office is a single-page app: React runs in the browser. */
export const handle = HYDRATE;

export const meta = () => adminMeta(translate(ADMINISTRATORS_TEXTS, BACK_OFFICE_LANG, "signIn.title"));

/** An account created with a one-time password goes straight to Mon compte to choose its own. */
let nextScreen = "/admin";

export default function AdminLogin() {
  const session = useSession();
  const common = useTexts(COMMON_TEXTS);
  if (session.status === "loading") return <FullPageSpinner label={common("sessionLoading")} />;
  if (session.user) return <Navigate to={nextScreen} replace />;
  return <LoginForm />;
}

function finishSignIn(answer: SignedIn): void {
  nextScreen = answer.mustChangePassword ? "/admin/account" : "/admin";
  // The session update re-renders this route, which then goes to the next screen.
  signIn(answer.token, answer.user);
}

function LoginForm() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const lang = useScreenLang();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginInputSchema, { defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiRequest("/auth/login", signInAnswerSchema, { method: "POST", body: values, ignoreUnauthorized: true });
      if ("totpRequired" in answer) setChallenge(answer.challenge);
      else finishSignIn(answer);
    } catch (error) {
      setFailure(errorMessage(error, t("signIn.failed"), lang));
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="text-center font-display text-2xl font-semibold text-navy">{COMPANY.name}</p>
        <Card className="mt-6 p-6 sm:p-8">
          {challenge ? (
            <LoginCodeStep challenge={challenge} onSignedIn={finishSignIn} onBack={() => setChallenge(null)} />
          ) : (
            <>
              <h1 className="text-xl font-semibold text-navy">{t("signIn.heading")}</h1>
              <p className="mt-1 text-sm text-slate-600">{t("signIn.intro")}</p>
              <form className="mt-6 space-y-5" onSubmit={onSubmit} noValidate>
                <Field label={t("signIn.email")} htmlFor="login-email" error={errors.email && t("signIn.emailRequired")} required>
                  <Input
                    id="login-email"
                    type="email"
                    autoComplete="username"
                    required
                    invalid={Boolean(errors.email)}
                    aria-describedby={describedBy("login-email", { error: errors.email?.message })}
                    {...register("email")}
                  />
                </Field>
                <Field
                  label={t("signIn.password")}
                  htmlFor="login-password"
                  error={errors.password && t("signIn.passwordRequired")}
                  required
                >
                  <div className="relative">
                    <Input
                      id="login-password"
                      type={showPassword ? "text" : "password"}
                      autoComplete="current-password"
                      required
                      className="pr-12"
                      invalid={Boolean(errors.password)}
                      aria-describedby={describedBy("login-password", { error: errors.password?.message })}
                      {...register("password")}
                    />
                    <button
                      type="button"
                      className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-navy focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal"
                      aria-label={showPassword ? t("signIn.hidePassword") : t("signIn.showPassword")}
                      onClick={() => setShowPassword((v) => !v)}
                    >
                      {showPassword ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
                    </button>
                  </div>
                </Field>
                <FormError>{failure}</FormError>
                <Button type="submit" className="w-full" loading={isSubmitting}>
                  {isSubmitting ? t("signIn.submitting") : t("signIn.submit")}
                </Button>
              </form>
            </>
          )}
        </Card>
        <p className="mt-6 text-center text-sm">
          <Link to="/" reloadDocument className="text-algae underline underline-offset-4 hover:no-underline">
            {t("signIn.backToSite")}
          </Link>
        </p>
      </div>
    </main>
  );
}
