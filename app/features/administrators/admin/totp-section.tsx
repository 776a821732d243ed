import { passwordConfirmationSchema, type TotpSetup, totpDisableInputSchema, totpEnableInputSchema } from "@shared/schemas/admin-security";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { LoadError, Loading } from "~/components/admin/load-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, InputField } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { totpApi, useTotpStatus } from "./admins-api";
import { OnceSecret } from "./once-secret";
import { ADMINISTRATORS_TEXTS } from "./texts";

const INVALIDATES = [securityKeys.totp, securityKeys.users, securityKeys.historyAll];

/**
 * "Double authentification" of Mon compte: enrol (QR code or key, confirmed by a code and the password), recovery codes
 * once (new ones on demand, with the password), disable (with the password).
 */
export function TotpSection() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const status = useTotpStatus();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useAdminMutation({
    mutationFn: totpApi.setup,
    invalidates: [securityKeys.totp],
    error: t("totp.enableFailed"),
    onSuccess: (data) => setSetup(data),
  });

  let body: ReactNode;
  if (status.isPending) body = <Loading label={t("totp.loading")} />;
  else if (status.error || !status.data) body = <LoadError message={t("totp.loadError")} />;
  else if (recoveryCodes)
    body = (
      <OnceSecret
        title={t("totp.recoveryTitle")}
        intro={t("totp.recoveryIntro")}
        lines={recoveryCodes}
        doneLabel={t("totp.recoveryDone")}
        onDone={() => setRecoveryCodes(null)}
        testId="recovery-codes"
      />
    );
  else if (status.data.enabled)
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t("totp.introOn")}</p>
        <p className="text-sm text-slate-700">{t("totp.recoveryLeft", { count: status.data.recoveryCodesLeft })}</p>
        <NewCodesForm onCodes={setRecoveryCodes} />
        <DisableForm />
      </div>
    );
  else if (setup)
    body = (
      <EnableForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  else
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t("totp.introOff")}</p>
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? t("totp.starting") : t("totp.start")}
        </Button>
      </div>
    );

  const enabled = status.data?.enabled ?? false;
  return (
    <Card className="max-w-xl">
      <CardHeader
        title={t("totp.title")}
        actions={status.data && <Badge tone={enabled ? "success" : "neutral"}>{enabled ? t("totp.statusOn") : t("totp.statusOff")}</Badge>}
      />
      <div className="p-5 sm:p-6">{body}</div>
    </Card>
  );
}

function EnableForm({ setup, onCancel, onEnabled }: { setup: TotpSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const form = useZodForm(totpEnableInputSchema, { defaultValues: { code: "", password: "" } });
  const enable = useAdminMutation({
    mutationFn: totpApi.enable,
    invalidates: INVALIDATES,
    success: t("totp.enabled"),
    error: t("totp.enableFailed"),
    onSuccess: (data) => onEnabled(data.recoveryCodes),
  });
  const error = fieldError(form.formState.errors, "code");
  const passwordError = fieldError(form.formState.errors, "password");
  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={form.handleSubmit(async (input) => {
        await enable.mutateAsync(input).catch(() => undefined);
      })}
    >
      <p className="text-sm text-slate-700">{t("totp.scan")}</p>
      <img src={setup.qrCodeDataUrl} alt={t("totp.qrAlt")} width={200} height={200} className="size-48 rounded-lg ring-1 ring-slate-200" />
      <div className="text-sm text-slate-700">
        <p>{t("totp.typeSecret")}</p>
        <p data-testid="totp-secret" className="mt-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-navy">
          {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
        </p>
      </div>
      <p className="text-sm text-slate-700">{t("totp.confirm")}</p>
      <Field label={t("totp.code")} htmlFor="totp-code" error={error} required>
        <Input
          id="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          className="max-w-40 font-mono tracking-widest"
          invalid={Boolean(error)}
          aria-describedby={describedBy("totp-code", { error })}
          {...form.register("code")}
        />
      </Field>
      <p className="text-sm text-slate-700">{t("totp.confirmPassword")}</p>
      <InputField
        id="totp-enable-password"
        label={t("totp.password")}
        type="password"
        autoComplete="current-password"
        error={passwordError}
        {...form.register("password")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={enable.isPending}>
          {enable.isPending ? t("totp.enabling") : t("totp.enable")}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {common("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** New recovery codes replace the old ones, after the password. */
function NewCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const form = useZodForm(passwordConfirmationSchema, { defaultValues: { password: "" } });
  const regenerate = useAdminMutation({
    mutationFn: (password: string) => totpApi.newRecoveryCodes(password),
    invalidates: INVALIDATES,
    success: t("totp.newCodesDone"),
    error: t("totp.newCodesFailed"),
    onSuccess: (data) => {
      form.reset();
      onCodes(data.recoveryCodes);
    },
  });
  const error = fieldError(form.formState.errors, "password");
  return (
    <form
      className="space-y-4 border-t border-slate-200 pt-4"
      noValidate
      onSubmit={form.handleSubmit(async ({ password }) => {
        await regenerate.mutateAsync(password).catch(() => undefined);
      })}
    >
      <p className="text-sm text-slate-700">{t("totp.newCodesIntro")}</p>
      <InputField
        id="totp-codes-password"
        label={t("totp.password")}
        type="password"
        autoComplete="current-password"
        error={error}
        {...form.register("password")}
      />
      <Button type="submit" variant="outline" loading={regenerate.isPending}>
        {regenerate.isPending ? t("totp.newCodesRunning") : t("totp.newCodes")}
      </Button>
    </form>
  );
}

function DisableForm() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const client = useQueryClient();
  const form = useZodForm(totpDisableInputSchema, { defaultValues: { password: "" } });
  const disable = useAdminMutation({
    mutationFn: (password: string) => totpApi.disable(password),
    invalidates: INVALIDATES,
    success: t("totp.disabled"),
    error: t("totp.disableFailed"),
    onSuccess: () => {
      form.reset();
      void client.invalidateQueries({ queryKey: securityKeys.totp });
    },
  });
  const error = fieldError(form.formState.errors, "password");
  return (
    <div className="space-y-4">
      <form
        className="space-y-4 border-t border-slate-200 pt-4"
        noValidate
        onSubmit={form.handleSubmit(async ({ password }) => {
          await disable.mutateAsync(password).catch(() => undefined);
        })}
      >
        <p className="text-sm text-slate-700">{t("totp.disableIntro")}</p>
        <InputField
          id="totp-disable-password"
          label={t("totp.password")}
          type="password"
          autoComplete="current-password"
          error={error}
          {...form.register("password")}
        />
        <Button type="submit" variant="danger" loading={disable.isPending}>
          {disable.isPending ? t("totp.disabling") : t("totp.disable")}
        </Button>
      </form>
    </div>
  );
}
