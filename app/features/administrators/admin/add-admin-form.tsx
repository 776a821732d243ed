import { type CreateAdminResponse, createAdminInputSchema } from "@shared/schemas/admin-security";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input } from "~/components/ui/field";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useAddAdmin } from "./admins-api";
import { OnceSecret } from "./once-secret";
import { USERS_TEXTS as T } from "./texts";

/** Adds an administrator with a one-time password (shown once, here) or an invitation e-mail. */
export function AddAdminForm() {
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const form = useZodForm(createAdminInputSchema, { defaultValues: { email: "", mode: "password" } });
  const add = useAddAdmin((created: CreateAdminResponse) => {
    form.reset({ email: "", mode: created.mode });
    if (created.mode === "password") setShown({ email: created.user.email, password: created.oneTimePassword });
  });
  const errors = form.formState.errors;
  const emailError = fieldError(errors, "email");

  return (
    <Card>
      <CardHeader title={T.addTitle} />
      <form
        className="space-y-5 p-5 sm:p-6"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          setShown(null);
          await add.mutateAsync(values).catch(() => undefined);
        })}
      >
        <Field label={T.email} htmlFor="admin-email" error={emailError} required>
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
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-navy">{T.mode}</legend>
          {(
            [
              ["password", T.modePassword],
              ["invitation", T.modeInvitation],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2.5 text-sm text-slate-700">
              <input type="radio" value={value} className="mt-0.5 size-4 accent-teal" {...form.register("mode")} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? T.adding : T.add}
        </Button>
      </form>
      {shown && (
        <div className="border-t border-slate-200 p-5 sm:p-6">
          <OnceSecret
            title={T.oneTimeTitle}
            intro={T.oneTimeIntro(shown.email)}
            lines={[shown.password]}
            doneLabel={T.oneTimeDone}
            onDone={() => setShown(null)}
            testId="one-time-password"
          />
        </div>
      )}
    </Card>
  );
}
