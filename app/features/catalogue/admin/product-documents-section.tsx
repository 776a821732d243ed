import { formatDay } from "@shared/day-range";
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
import { ArrowDown, ArrowUp, Download, FileText, Info, Upload } from "lucide-react";
import { Fragment, type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { api, apiErrorOf, authHeader, errorMessage } from "~/lib/admin/api";
import { CATALOGUE_TEXTS, PRODUCT_DOCUMENTS_ADMIN_TEXTS } from "./texts";

const documentsKey = (productId: string) => ["admin", "products", productId, "documents"] as const;

/** The named fields inside a part of the page: the documents' fields sit in the product form, with no <form> of their own. */
function fieldValues(container: HTMLElement | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of container?.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[name], select[name]") ?? []) {
    if (field.type !== "file") values[field.name] = field.value;
  }
  return values;
}

/** Enter in one of a part's text fields runs that part's action, instead of submitting the product form around it. */
const enterRuns = (action: () => void) => (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
    event.preventDefault();
    action();
  }
};

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
  const fieldsRef = useRef<HTMLFieldSetElement>(null);
  const [saving, setSaving] = useState(false);
  async function save() {
    const values = fieldValues(fieldsRef.current);
    setSaving(true);
    try {
      await onSave({
        kind: values.kind ?? document.kind,
        language: values.language ?? document.language,
        versionLabel: values.versionLabel ?? "",
        documentDate: values.documentDate || null,
        titleFr: values.titleFr ?? "",
        titleEn: values.titleEn ?? "",
      });
    } finally {
      setSaving(false);
    }
  }
  return (
    <details className="mt-2 w-full">
      <summary className="cursor-pointer text-sm font-semibold text-navy underline underline-offset-2" aria-label={label}>
        {t("edit")}
      </summary>
      <fieldset ref={fieldsRef} className="mt-3" onKeyDown={enterRuns(() => void save())}>
        <legend className="sr-only">{label}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <DocumentFields id={id} values={document} />
          <div className="sm:col-span-2">
            <Button size="sm" variant="secondary" loading={saving} onClick={() => void save()}>
              {t("save")}
            </Button>
          </div>
        </div>
      </fieldset>
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
      <Field label={t("titleFr")} htmlFor={`${id}-title-fr`}>
        <Input id={`${id}-title-fr`} name="titleFr" maxLength={DOCUMENT_TITLE_MAX} defaultValue={values.titleFr} />
      </Field>
      <Field label={t("titleEn")} htmlFor={`${id}-title-en`}>
        <Input id={`${id}-title-en`} name="titleEn" maxLength={DOCUMENT_TITLE_MAX} defaultValue={values.titleEn} />
      </Field>
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
    </>
  );
}

/** The heading of the documents section, the same on the new and the edit screen. */
function DocumentsHeader({ children }: { children: ReactNode }) {
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  return (
    <div className="space-y-1 border-b border-slate-200 px-5 py-4">
      <h2 className="text-base font-semibold text-navy">{t("title")}</h2>
      {children}
    </div>
  );
}

/** On the new-product screen: documents come after the first save. */
export function ProductDocumentsLater() {
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  return (
    <Card>
      <DocumentsHeader>
        <p className="text-sm text-slate-600">{t("afterFirstSave")}</p>
      </DocumentsHeader>
    </Card>
  );
}

/** A document's name as the admin reads it: its title in the screen's language (or the other), else its type. */
function titleOf(document: ProductDocument, lang: "fr" | "en"): string {
  const [first, second] = lang === "fr" ? [document.titleFr, document.titleEn] : [document.titleEn, document.titleFr];
  return first || second || DOCUMENT_KIND_NAMES[document.kind][lang];
}

/**
 * Upload, list, switch visibility and delete the documents of a saved product; the server's refusals shown as they
 * come. A section of the product form, but each change is stored at once (the section says so): a PDF is sent when it
 * is added, not with the form. A role that only lists them sees each with its download link (decision 0114).
 */
export function ProductDocumentsSection({ productId }: { productId: string }) {
  const lang = useScreenLang();
  const t = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  const catalogue = useTexts(CATALOGUE_TEXTS);
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
  const [file, setFile] = useState<File | null>(null);
  /** Bumped after an upload: the fields start again from their defaults. */
  const [added, setAdded] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<HTMLFieldSetElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsKey(productId) });

  function choose(chosen: File | null) {
    setError("");
    setStatus("");
    if (chosen && chosen.size > DOCUMENT_MAX_BYTES) {
      setError(t("tooLarge", { maxMb: DOCUMENT_MAX_MB }));
      if (fileRef.current) fileRef.current.value = "";
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    setError("");
    setStatus("");
    if (!file) {
      setError(t("chooseFirst"));
      return;
    }
    const data = new FormData();
    for (const [name, value] of Object.entries(fieldValues(uploadRef.current))) data.append(name, value);
    // The file last: the server reads the fields first, then stops at the size limit.
    data.append(DOCUMENT_FILE_FIELD, file);
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
      if (fileRef.current) fileRef.current.value = "";
      setFile(null);
      setAdded((n) => n + 1);
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

  /** The name in the buttons' labels: the title, and the file name that tells two of the same type apart. */
  const nameOf = (document: ProductDocument) =>
    document.fileName ? `${titleOf(document, lang)} (${document.fileName})` : titleOf(document, lang);
  const changes = may("create") || may("update") || may("delete") || may("reorder");

  return (
    <Card>
      <DocumentsHeader>
        <p className="text-sm text-slate-600">{t("intro", { maxMb: DOCUMENT_MAX_MB })}</p>
        {changes && (
          <p className="flex items-start gap-2 text-sm font-medium text-navy">
            <Info className="mt-0.5 size-4 shrink-0 text-teal" aria-hidden="true" />
            {t("savedOnAdd", { save: catalogue("form.update") })}
          </p>
        )}
      </DocumentsHeader>
      <div className="space-y-6 p-5">
        {documents.data && documents.data.length === 0 && <p className="text-sm text-slate-700">{t("empty")}</p>}
        {documents.data && documents.data.length > 0 && (
          // A container query: the buttons go beside the document's name when the list, not the window, is wide.
          <ul className="@container divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={t("title")}>
            {documents.data.map((document, index, all) => {
              const title = titleOf(document, lang);
              const kind = DOCUMENT_KIND_NAMES[document.kind][lang];
              return (
                <li key={document._id} className="grid gap-x-4 p-3 text-sm @3xl:grid-cols-[minmax(0,1fr)_auto]">
                  <div className="min-w-0">
                    <p className="flex items-start gap-2 font-semibold text-navy">
                      <FileText className="mt-0.5 size-4 shrink-0 text-teal" aria-hidden="true" />
                      <span className="wrap-anywhere">{title}</span>
                    </p>
                    <p className="pl-6 text-xs wrap-anywhere text-slate-600">
                      {title !== kind && `${kind} · `}
                      {document.fileName}
                    </p>
                  </div>
                  <div className="min-w-0 @3xl:col-span-2">
                    <p className="mt-1 flex flex-wrap items-center gap-x-1 pl-6 text-slate-700">
                      <span>
                        {DOCUMENT_LANGUAGE_NAMES[document.language][lang]} · {humanSize(document.sizeBytes, lang)}
                        {document.versionLabel && ` · ${document.versionLabel}`}
                        {document.documentDate && (
                          <>
                            {" · "}
                            <time dateTime={document.documentDate}>{formatDay(document.documentDate, lang)}</time>
                          </>
                        )}
                        {" · "}
                      </span>
                      <Badge tone={document.visibility === "public" ? "success" : "neutral"}>
                        {document.visibility === "public" ? t("public") : t("onRequest")}
                      </Badge>
                    </p>
                    <div className="pl-6">
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
                  </div>
                  <div className="order-last mt-3 flex flex-wrap gap-2 pl-6 @3xl:order-none @3xl:col-start-2 @3xl:row-start-1 @3xl:mt-0 @3xl:pl-0">
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
              );
            })}
          </ul>
        )}

        {may("create") && (
          <fieldset
            ref={uploadRef}
            className="rounded-xl border border-dashed border-slate-300 px-4 pt-2 pb-4"
            onKeyDown={enterRuns(() => void upload())}
          >
            <legend className="px-1 text-sm font-semibold text-navy">{t("addTitle")}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5 sm:col-span-2">
                <label htmlFor={`${id}-file`} className="block text-sm font-medium text-navy">
                  {t("file")}
                  <span aria-hidden="true" className="text-red-700">
                    {" "}
                    *
                  </span>
                </label>
                {/* The browser's own file input, unstyled, is replaced by a button of ours that opens it (as for images). */}
                <input
                  ref={fileRef}
                  id={`${id}-file`}
                  type="file"
                  accept="application/pdf,.pdf"
                  className="sr-only"
                  tabIndex={-1}
                  aria-describedby={`${id}-chosen`}
                  onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
                />
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()} aria-describedby={`${id}-chosen`}>
                    <Upload className="size-4" aria-hidden="true" />
                    {file ? t("chooseAnother") : t("choose")}
                  </Button>
                  <p id={`${id}-chosen`} className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700" data-testid="chosen-file">
                    {file ? (
                      <>
                        <FileText className="size-4 shrink-0 text-teal" aria-hidden="true" />
                        <span className="font-medium wrap-anywhere text-navy">{file.name}</span>
                        <span className="shrink-0">· {humanSize(file.size, lang)}</span>
                      </>
                    ) : (
                      t("noFile")
                    )}
                  </p>
                </div>
              </div>
              <Fragment key={added}>
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
              </Fragment>
              <div className="flex items-end">
                <Button loading={busy} onClick={() => void upload()}>
                  {busy ? t("uploading") : t("upload")}
                </Button>
              </div>
            </div>
          </fieldset>
        )}
        <div className="space-y-1 empty:hidden">
          <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
            {error}
          </p>
          <p role="status" className="text-sm text-emerald-800 empty:hidden">
            {status}
          </p>
        </div>
      </div>
    </Card>
  );
}
