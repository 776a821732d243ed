import {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_KIND_NAMES,
  DOCUMENT_KINDS,
  DOCUMENT_LANGUAGE_NAMES,
  DOCUMENT_LANGUAGES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_MB,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_VERSION_LABEL_MAX,
  humanSize,
  type ProductDocument,
  productDocumentListSchema,
  productDocumentSchema,
} from "@shared/documents";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Download } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { api, apiErrorOf, authHeader, errorMessage } from "~/lib/admin/api";
import { PRODUCT_DOCUMENTS_ADMIN_TEXTS } from "./texts";

const documentsKey = (productId: string) => ["admin", "products", productId, "documents"] as const;

/** The metadata of one listed document, in a disclosure (keyboard-usable without script of ours): PATCH with its version. */
function DocumentEditForm({
  document,
  label,
  onSave,
}: {
  document: ProductDocument;
  label: string;
  onSave: (fields: Record<string, string | null>) => Promise<void>;
}) {
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  const id = useId();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    await onSave({
      kind: text("kind"),
      language: text("language"),
      versionLabel: text("versionLabel"),
      documentDate: text("documentDate") || null,
      titleFr: text("titleFr"),
      titleEn: text("titleEn"),
    });
  }
  return (
    <details className="w-full">
      <summary className="cursor-pointer text-sm font-semibold text-navy underline" aria-label={label}>
        {t("edit")}
      </summary>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
        <DocumentFields id={id} values={document} />
        <div>
          <Button type="submit" size="sm">
            {t("save")}
          </Button>
        </div>
      </form>
    </details>
  );
}

/** Type, language, version label and date: the same fields in the upload form and in each document's edit form. */
function DocumentFields({
  id,
  values,
}: {
  id: string;
  values: Pick<ProductDocument, "kind" | "language" | "versionLabel" | "documentDate" | "titleFr" | "titleEn">;
}) {
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  const lang = useScreenLang();
  return (
    <>
      <Field label={t("kind")} htmlFor={`${id}-kind`}>
        <Select id={`${id}-kind`} name="kind" defaultValue={values.kind}>
          {DOCUMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DOCUMENT_KIND_NAMES[kind][lang]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("language")} htmlFor={`${id}-language`}>
        <Select id={`${id}-language`} name="language" defaultValue={values.language}>
          {DOCUMENT_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {DOCUMENT_LANGUAGE_NAMES[language][lang]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("versionLabel")} htmlFor={`${id}-version`}>
        <Input id={`${id}-version`} name="versionLabel" maxLength={DOCUMENT_VERSION_LABEL_MAX} defaultValue={values.versionLabel} />
      </Field>
      <Field label={t("date")} htmlFor={`${id}-date`}>
        <Input id={`${id}-date`} name="documentDate" type="date" defaultValue={values.documentDate ?? ""} />
      </Field>
      <Field label={t("titleFr")} htmlFor={`${id}-title-fr`}>
        <Input id={`${id}-title-fr`} name="titleFr" maxLength={DOCUMENT_TITLE_MAX} defaultValue={values.titleFr} />
      </Field>
      <Field label={t("titleEn")} htmlFor={`${id}-title-en`}>
        <Input id={`${id}-title-en`} name="titleEn" maxLength={DOCUMENT_TITLE_MAX} defaultValue={values.titleEn} />
      </Field>
    </>
  );
}

/** On the new-product screen: documents come after the first save. */
export function ProductDocumentsLater() {
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-lg font-semibold text-navy">{t("title")}</h2>
      <p className="mt-2 text-sm text-slate-700">{t("afterFirstSave")}</p>
    </Card>
  );
}

/**
 * Upload, list, switch visibility and delete the documents of a saved product; the server's refusals shown as they
 * come. A role that only lists them sees each with its download link (decision 0114).
 */
export function ProductDocumentsSection({ productId }: { productId: string }) {
  const lang = useScreenLang();
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  const may = useCan("document");
  const id = useId();
  const queryClient = useQueryClient();
  const documents = useQuery({
    queryKey: documentsKey(productId),
    queryFn: ({ signal }) => api.get(`/products/${productId}/documents`, productDocumentListSchema, signal),
  });
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsKey(productId) });

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get(DOCUMENT_FILE_FIELD);
    setError("");
    setStatus("");
    if (file instanceof File && file.size > DOCUMENT_MAX_BYTES) {
      setError(t("tooLarge", { maxMb: DOCUMENT_MAX_MB }));
      return;
    }
    // The file last: the server reads the fields first, then stops at the size limit.
    data.delete(DOCUMENT_FILE_FIELD);
    if (file) data.append(DOCUMENT_FILE_FIELD, file);
    setBusy(true);
    try {
      const response = await fetch(`/api/products/${productId}/documents`, {
        method: "POST",
        headers: { Accept: "application/json", ...authHeader() },
        body: data,
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw apiErrorOf(response.status, body);
      productDocumentSchema.parse(body);
      form.reset();
      setStatus(t("added"));
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught, t("failed"), lang));
    } finally {
      setBusy(false);
    }
  }

  async function run(action: () => Promise<unknown>): Promise<void> {
    setError("");
    setStatus("");
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, t("failed"), lang));
    }
    await refresh();
  }

  /** Moves one document up or down: the whole order is sent, as the page lists them. */
  function move(index: number, by: -1 | 1) {
    const ids = (documents.data ?? []).map((document) => document._id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void run(async () => {
      await api.put(`/products/${productId}/documents/order`, { ids }, productDocumentListSchema);
      setStatus(t("moved"));
    });
  }

  const nameOf = (document: ProductDocument) =>
    `${DOCUMENT_KIND_NAMES[document.kind][lang]} — ${document.fileName || document.versionLabel}`;

  return (
    <Card className="mt-6 p-4 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-navy">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("intro", { maxMb: DOCUMENT_MAX_MB })}</p>

        {documents.data && documents.data.length === 0 && <p className="mt-4 text-sm text-slate-700">{t("empty")}</p>}
        {documents.data && documents.data.length > 0 && (
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={t("title")}>
            {documents.data.map((document, index, all) => (
              <li key={document._id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words text-navy">{nameOf(document)}</p>
                  <p className="text-slate-700">
                    {DOCUMENT_LANGUAGE_NAMES[document.language][lang]} · {humanSize(document.sizeBytes, lang)}
                    {document.versionLabel && ` · ${document.versionLabel}`}
                    {document.documentDate && ` · ${document.documentDate}`} ·{" "}
                    {document.visibility === "public" ? t("public") : t("onRequest")}
                  </p>
                  {document.visibility === "public" && (
                    <a
                      href={document.url}
                      aria-label={t("downloadLabel", { name: nameOf(document) })}
                      className="mt-1 inline-flex items-center gap-1 font-semibold text-navy underline underline-offset-2 hover:no-underline"
                    >
                      <Download className="size-4" aria-hidden="true" />
                      {t("download")}
                    </a>
                  )}
                  {may("update") && (
                    <DocumentEditForm
                      key={document.version}
                      document={document}
                      label={t("editLabel", { name: nameOf(document) })}
                      onSave={(fields) =>
                        run(async () => {
                          await api.patch(
                            `/products/${productId}/documents/${document._id}`,
                            { ...fields, version: document.version },
                            productDocumentSchema,
                          );
                          setStatus(t("saved"));
                        })
                      }
                    />
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {may("reorder") && (
                    <>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === 0}
                        aria-label={t("moveUpLabel", { name: nameOf(document) })}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUp className="size-4" aria-hidden="true" />
                        <span className="hidden sm:inline">{t("moveUp")}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === all.length - 1}
                        aria-label={t("moveDownLabel", { name: nameOf(document) })}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDown className="size-4" aria-hidden="true" />
                        <span className="hidden sm:inline">{t("moveDown")}</span>
                      </Button>
                    </>
                  )}
                  {may("update") && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() =>
                        run(() =>
                          api.patch(
                            `/products/${productId}/documents/${document._id}`,
                            { visibility: document.visibility === "public" ? "on_request" : "public", version: document.version },
                            productDocumentSchema,
                          ),
                        )
                      }
                    >
                      {document.visibility === "public" ? t("makeOnRequest") : t("makePublic")}
                    </Button>
                  )}
                  {may("delete") && (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={t("deleteLabel", { name: nameOf(document) })}
                      onClick={() => run(() => api.delete(`/products/${productId}/documents/${document._id}`))}
                    >
                      {t("delete")}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}

        {may("create") && (
          <form onSubmit={upload} aria-label={t("upload")} className="mt-6 grid gap-4 sm:grid-cols-2" noValidate>
            <Field label={t("file")} htmlFor={`${id}-file`} required className="sm:col-span-2">
              <Input id={`${id}-file`} name={DOCUMENT_FILE_FIELD} type="file" accept="application/pdf,.pdf" required />
            </Field>
            <DocumentFields
              id={id}
              values={{ kind: "tds", language: "fr", versionLabel: "", documentDate: null, titleFr: "", titleEn: "" }}
            />
            <Field label={t("visibility")} htmlFor={`${id}-visibility`}>
              <Select id={`${id}-visibility`} name="visibility" defaultValue="public">
                <option value="public">{t("public")}</option>
                <option value="on_request">{t("onRequest")}</option>
              </Select>
            </Field>
            <div className="flex items-end">
              <Button type="submit" loading={busy}>
                {busy ? t("uploading") : t("upload")}
              </Button>
            </div>
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {error}
            </p>
            <p role="status" className="text-sm text-emerald-800 sm:col-span-2">
              {status}
            </p>
          </form>
        )}
      </section>
    </Card>
  );
}
