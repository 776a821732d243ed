import { ROLES } from "@shared/roles";
import { type CreateAdminResponse, createAdminInputSchema } from "@shared/schemas/admin-security";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Select } from "~/components/ui/field";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useAddAdmin } from "./admins-api";
import { OnceSecret } from "./once-secret";
import { RoleOptions } from "./role-dialog";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** Adds an account with its role, by a one-time password (shown once, here) or an invitation e-mail. */
export function AddAdminForm() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const form = useZodForm(createAdminInputSchema, { defaultValues: { email: "", mode: "password", role: ROLES[0] } });
  const add = useAddAdmin((created: CreateAdminResponse) => {
    form.reset({ email: "", mode: created.mode, role: form.getValues("role") });
    if (created.mode === "password") setShown({ email: created.user.email, password: created.oneTimePassword });
  });
  const errors = form.formState.errors;
  const emailError = fieldError(errors, "email");

  return (
    <Card>
      <CardHeader title={t("users.addTitle")} />
      <form
        className="space-y-5 p-5 sm:p-6"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          setShown(null);
          await add.mutateAsync(values).catch(() => undefined);
        })}
      >
        <Field label={t("users.email")} htmlFor="admin-email" error={emailError} required>
          <Input
            id="admin-email"
            type="email"
            autoComplete="off"
            required
            invalid={Boolean(emailError)}
            aria-describedby={describedBy("admin-email", { error: emailError })}
            {...form.register("email")}
          />
        </Field>
        <Field label={t("users.role")} htmlFor="admin-role" hint={t("users.roleHint")}>
          <Select id="admin-role" aria-describedby={describedBy("admin-role", { hint: true })} {...form.register("role")}>
            <RoleOptions />
          </Select>
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-navy">{t("users.mode")}</legend>
          {(
            [
              ["password", t("users.modePassword")],
              ["invitation", t("users.modeInvitation")],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2.5 text-sm text-slate-700">
              <input type="radio" value={value} className="mt-0.5 size-4 accent-teal" {...form.register("mode")} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? t("users.adding") : t("users.add")}
        </Button>
      </form>
      {shown && (
        <div className="border-t border-slate-200 p-5 sm:p-6">
          <OnceSecret
            title={t("users.oneTimeTitle")}
            intro={t("users.oneTimeIntro", { email: shown.email })}
            lines={[shown.password]}
            doneLabel={t("users.oneTimeDone")}
            onDone={() => setShown(null)}
            testId="one-time-password"
          />
        </div>
      )}
    </Card>
  );
}
