import {
  type PrivacyCounts,
  type PrivacyMessageLine,
  type PrivacySummary,
  privacyEraseInputSchema,
  privacySummaryQuerySchema,
} from "@shared/schemas/privacy";
import { Download, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { DialogShell } from "~/components/ui/dialog";
import { describedBy, Field, Input } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { type TextKey, translate } from "~/i18n/texts";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { useErasePersonalData, useExportPersonalData, usePrivacySummary } from "./api";
import { PRIVACY_TEXTS } from "./texts";

const TITLE = translate(PRIVACY_TEXTS, BACK_OFFICE_LANG, "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

const searchSchema = privacySummaryQuerySchema.pick({ email: true });
const COUNT_LABELS = {
  messages: "counts.messages",
  replies: "counts.replies",
  mails: "counts.mails",
  administrators: "counts.administrators",
  invitations: "counts.invitations",
  historyEntries: "counts.historyEntries",
} as const satisfies Record<keyof PrivacyCounts, TextKey<typeof PRIVACY_TEXTS>>;
const COUNT_KEYS = Object.keys(COUNT_LABELS) as (keyof PrivacyCounts)[];

/**
 * "Données personnelles" (GDPR): what is stored about one e-mail address, its export (JSON, CSV) and its erasure,
 * confirmed by typing the address again.
 */
export default function AdminPrivacy() {
  const t = useTexts(PRIVACY_TEXTS);
  const [email, setEmail] = useState("");
  const [page, setPage] = useState(1);
  const summary = usePrivacySummary(email, page);

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      <SearchCard
        onSearch={(address) => {
          setEmail(address);
          setPage(1);
        }}
      />
      {email !== "" && summary.isPending && <Loading label={t("loading")} />}
      {email !== "" && summary.error && !summary.data && <LoadError message={t("loadError")} />}
      {summary.data && <ResultCard summary={summary.data} onPage={setPage} onErased={() => setPage(1)} />}
    </div>
  );
}

function SearchCard({ onSearch }: { onSearch: (email: string) => void }) {
  const t = useTexts(PRIVACY_TEXTS);
  const form = useZodForm(searchSchema, { defaultValues: { email: "" } });
  const error = fieldError(form.formState.errors, "email");
  return (
    <Card>
      <CardHeader title={t("searchTitle")} />
      <form
        className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:p-6"
        noValidate
        onSubmit={form.handleSubmit((values) => onSearch(values.email))}
      >
        <Field label={t("email")} htmlFor="privacy-email" error={error} className="min-w-0 flex-1">
          <Input
            id="privacy-email"
            type="email"
            autoComplete="off"
            invalid={Boolean(error)}
            aria-describedby={describedBy("privacy-email", { error })}
            {...form.register("email")}
          />
        </Field>
        <Button type="submit" className="sm:mt-7 sm:shrink-0">
          <Search className="size-4" aria-hidden="true" />
          {t("search")}
        </Button>
      </form>
    </Card>
  );
}

function ResultCard({ summary, onPage, onErased }: { summary: PrivacySummary; onPage: (page: number) => void; onErased: () => void }) {
  const t = useTexts(PRIVACY_TEXTS);
  const { email, counts, messages } = summary;
  const [erasing, setErasing] = useState(false);
  const exporter = useExportPersonalData();
  const isAdministrator = counts.administrators > 0;
  const stored = COUNT_KEYS.some((key) => counts[key] > 0);
  // Not `disabled`: the button keeps focus when the erasure's dialog hands it back and the counts fall to zero.
  const eraseBlocked = isAdministrator || !stored;
  const pages = Math.max(1, Math.ceil(messages.total / messages.pageSize));

  return (
    <Card>
      <CardHeader
        title={<span className="break-all">{t("resultTitle", { email })}</span>}
        description={t("resultIntro")}
        actions={
          <>
            <Button variant="outline" size="sm" loading={exporter.isPending} onClick={() => exporter.mutate({ email, format: "json" })}>
              <Download className="size-4" aria-hidden="true" />
              {t("exportJson")}
            </Button>
            <Button variant="outline" size="sm" loading={exporter.isPending} onClick={() => exporter.mutate({ email, format: "csv" })}>
              <Download className="size-4" aria-hidden="true" />
              {t("exportCsv")}
            </Button>
            <Button
              variant="danger"
              size="sm"
              aria-disabled={eraseBlocked || undefined}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              onClick={() => {
                if (!eraseBlocked) setErasing(true);
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t("erase")}
            </Button>
          </>
        }
      />
      <div className="space-y-5 p-5 sm:p-6">
        {isAdministrator && (
          <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {t("administrator")}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-live="polite">
          {COUNT_KEYS.map((key) => (
            <div key={key} className="rounded-lg bg-slate-50 px-4 py-3">
              <dt className="text-xs text-slate-600">{t(COUNT_LABELS[key])}</dt>
              <dd className="text-2xl font-semibold text-navy tabular-nums" data-testid={`privacy-count-${key}`}>
                {counts[key]}
              </dd>
            </div>
          ))}
        </dl>
        {!stored && <p className="text-sm text-slate-600">{t("nothing")}</p>}
      </div>
      {messages.total > 0 && (
        <div className="border-t border-slate-200">
          <h3 className="px-5 pt-4 text-sm font-semibold text-navy sm:px-6">{t("messagesTitle")}</h3>
          <ListScreen<PrivacyMessageLine>
            query={{ data: messages.items, isPending: false, error: null }}
            texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("noMessages") }}
            rowTestId="privacy-message"
            actionsHeader=""
            fields={[
              { key: "subject", header: t("colSubject"), card: "title", cell: (m) => <span className="break-words">{m.subject}</span> },
              {
                key: "date",
                header: t("colDate"),
                cell: (m) => <span className="whitespace-nowrap">{formatFrenchDateTime(m.createdAt)}</span>,
              },
              { key: "name", header: t("colName"), cell: (m) => <span className="break-words">{m.fullName}</span> },
              { key: "replies", header: t("colReplies"), cell: (m) => m.replies },
            ]}
          />
          {pages > 1 && (
            <nav
              aria-label={t("pagination")}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-4 sm:px-6"
            >
              <Button variant="outline" size="sm" disabled={messages.page <= 1} onClick={() => onPage(messages.page - 1)}>
                {t("previous")}
              </Button>
              <p className="text-sm text-slate-600" aria-live="polite">
                {t("page", { page: messages.page, pages })}
              </p>
              <Button variant="outline" size="sm" disabled={messages.page >= pages} onClick={() => onPage(messages.page + 1)}>
                {t("next")}
              </Button>
            </nav>
          )}
        </div>
      )}
      <EraseDialog
        email={email}
        open={erasing}
        onOpenChange={setErasing}
        onErased={() => {
          setErasing(false);
          onErased();
        }}
      />
    </Card>
  );
}

function EraseDialog({
  email,
  open,
  onOpenChange,
  onErased,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onErased: () => void;
}) {
  const t = useTexts(PRIVACY_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const erase = useErasePersonalData(onErased);
  const form = useZodForm(privacyEraseInputSchema, { defaultValues: { email, confirm: "" } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ email, confirm: "" });
  }, [open, email, reset]);
  const error = fieldError(form.formState.errors, "confirm");

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={t("eraseTitle")}
      description={t("eraseDescription", { email })}
      role="alertdialog"
    >
      <form
        className="w-full space-y-5"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          await erase.mutateAsync(values).catch(() => undefined);
        })}
      >
        <Field label={t("confirmLabel")} htmlFor="privacy-confirm" error={error}>
          <Input
            id="privacy-confirm"
            type="email"
            autoComplete="off"
            invalid={Boolean(error)}
            aria-describedby={describedBy("privacy-confirm", { error })}
            {...form.register("confirm")}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {common("cancel")}
          </Button>
          <Button type="submit" variant="danger" loading={erase.isPending}>
            {t("confirm")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
