import { DOCUMENT_KIND_NAMES, productDocumentListSchema } from "@shared/documents";
import {
  COSMOS_STATUS_NAMES,
  COSMOS_STATUSES,
  E_NUMBER_STATUS_NAMES,
  E_NUMBER_STATUSES,
  HARVEST_COUNTRIES,
  REGULATORY_LIMITS,
} from "@shared/regulatory-facts";
import { productResource } from "@shared/resources/products";
import type { ProductInput } from "@shared/schemas/product";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from "react-hook-form";
import { Card, CardHeader } from "~/components/ui/card";
import { Checkbox, describedBy, Field, Input, Select, Textarea } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { fieldError } from "~/lib/admin/form";
import { REGULATORY_TEXTS } from "../regulatory-texts";

type Statement = `${"allergen" | "gmo" | "nagoya"}Statement${"Fr" | "En"}`;

/** An empty number input is "not set" (null), anything else a number for the shared schema to check. */
const numberOrNull = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/** The documents section's query (catalogue's product-documents-section.tsx): an upload there refreshes this list too. */
const documentsKey = (productId: string) => ["admin", "products", productId, "documents"] as const;

/**
 * The "Réglementaire" / "Regulatory" section of the product form (decision 0124): every fact optional, the statements
 * French and English side by side, the Nagoya document chosen among the product's own documents (a new product has none).
 */
export function RegulatoryFields({
  register,
  errors,
  control,
  productId,
}: {
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors<ProductInput>;
  control: Control<ProductInput>;
  /** The edited product; none while creating one. */
  productId?: string | undefined;
}) {
  const t = useTexts(REGULATORY_TEXTS);
  const lang = useScreenLang();
  const headingId = useId();
  const label = (name: keyof typeof productResource.fields) => productResource.fields[name].label[lang];
  const statements = useWatch({
    control,
    name: ["allergenStatementFr", "allergenStatementEn", "gmoStatementFr", "gmoStatementEn", "nagoyaStatementFr", "nagoyaStatementEn"],
  });
  const lengthOf = (name: Statement) => {
    const index = [
      "allergenStatementFr",
      "allergenStatementEn",
      "gmoStatementFr",
      "gmoStatementEn",
      "nagoyaStatementFr",
      "nagoyaStatementEn",
    ].indexOf(name);
    return (statements[index] ?? "").length;
  };

  const select = (name: "eNumberStatus" | "cosmosStatus" | "harvestCountry", options: [string, string][]) => {
    const id = `product-${name}`;
    const error = fieldError(errors, name);
    return (
      <Field label={label(name)} htmlFor={id} error={error}>
        <Select id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, { error })} {...register(name)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      </Field>
    );
  };
  const statement = (name: Statement) => {
    const id = `product-${name}`;
    const error = fieldError(errors, name);
    return (
      <Field label={label(name)} htmlFor={id} error={error} counter={{ value: lengthOf(name), max: REGULATORY_LIMITS.statementMax }}>
        <Textarea id={id} rows={3} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: true })} {...register(name)} />
      </Field>
    );
  };
  const eNumberError = fieldError(errors, "eNumber");
  const indexError = fieldError(errors, "naturalOriginIndex");

  return (
    <Card role="group" aria-labelledby={headingId} data-testid="product-regulatory">
      <CardHeader headingId={headingId} title={t("title")} description={t("intro")} />
      <div className="grid gap-5 p-5 md:grid-cols-2">
        <Field label={label("eNumber")} htmlFor="product-eNumber" error={eNumberError} hint={t("eNumberHint")}>
          <Input
            id="product-eNumber"
            invalid={Boolean(eNumberError)}
            aria-describedby={describedBy("product-eNumber", { error: eNumberError, hint: true })}
            {...register("eNumber")}
          />
        </Field>
        {select(
          "eNumberStatus",
          E_NUMBER_STATUSES.map((status) => [status, status ? E_NUMBER_STATUS_NAMES[status][lang] : t("notSet")]),
        )}
        {select(
          "cosmosStatus",
          COSMOS_STATUSES.map((status) => [status, status ? COSMOS_STATUS_NAMES[status][lang] : t("notSet")]),
        )}
        <Field
          label={label("naturalOriginIndex")}
          htmlFor="product-naturalOriginIndex"
          error={indexError}
          hint={t("naturalOriginIndexHint")}
        >
          <Input
            id="product-naturalOriginIndex"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.01}
            invalid={Boolean(indexError)}
            aria-describedby={describedBy("product-naturalOriginIndex", { error: indexError, hint: true })}
            {...register("naturalOriginIndex", { setValueAs: numberOrNull })}
          />
        </Field>
        {select("harvestCountry", [["", t("notSet")], ...HARVEST_COUNTRIES.map((c): [string, string] => [c.code, c[lang]])])}
        <div className="space-y-1 self-end">
          <Checkbox
            id="product-sampleAvailable"
            label={label("sampleAvailable")}
            aria-describedby="product-sampleAvailable-hint"
            {...register("sampleAvailable")}
          />
          <p id="product-sampleAvailable-hint" className="text-sm text-slate-600">
            {t("sampleAvailableHint")}
          </p>
        </div>
        {statement("allergenStatementFr")}
        {statement("allergenStatementEn")}
        {statement("gmoStatementFr")}
        {statement("gmoStatementEn")}
        {statement("nagoyaStatementFr")}
        {statement("nagoyaStatementEn")}
        <NagoyaDocumentField control={control} errors={errors} productId={productId} label={label("nagoyaDocumentId")} />
      </div>
    </Card>
  );
}

/**
 * The Nagoya/ABS document, one of the product's own documents; a new product has none yet (the field is shown, disabled,
 * saying so). Controlled: its options arrive after the form's values.
 */
function NagoyaDocumentField({
  control,
  errors,
  productId,
  label,
}: {
  control: Control<ProductInput>;
  errors: FieldErrors<ProductInput>;
  productId: string | undefined;
  label: string;
}) {
  const t = useTexts(REGULATORY_TEXTS);
  const id = "product-nagoyaDocumentId";
  const error = fieldError(errors, "nagoyaDocumentId");
  const documents = productId === undefined ? [] : undefined;
  return (
    <Controller
      control={control}
      name="nagoyaDocumentId"
      render={({ field }) => (
        <Field label={label} htmlFor={id} error={error} hint={productId === undefined ? t("nagoyaDocumentNew") : t("nagoyaDocumentHint")}>
          {documents ? (
            <Select id={id} disabled aria-describedby={describedBy(id, { hint: true })} value="">
              <option value="">{t("nagoyaDocumentNone")}</option>
            </Select>
          ) : (
            <DocumentSelect
              productId={productId ?? ""}
              id={id}
              error={error}
              value={field.value ?? ""}
              name={field.name}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value || null)}
            />
          )}
        </Field>
      )}
    />
  );
}

/** The select of the product's documents, read with the documents section's query (an upload there refreshes it). */
function DocumentSelect({
  productId,
  id,
  error,
  value,
  name,
  onBlur,
  onChange,
}: {
  productId: string;
  id: string;
  error: string | undefined;
  value: string;
  name: string;
  onBlur: () => void;
  onChange: (value: string) => void;
}) {
  const t = useTexts(REGULATORY_TEXTS);
  const lang = useScreenLang();
  const documents = useQuery({
    queryKey: documentsKey(productId),
    queryFn: ({ signal }) => api.get(`/products/${productId}/documents`, productDocumentListSchema, signal),
  });
  const options: [string, string][] = (documents.data ?? []).map((d) => [
    d._id,
    [(lang === "fr" ? d.titleFr : d.titleEn) || DOCUMENT_KIND_NAMES[d.kind][lang], d.versionLabel, d.fileName].filter(Boolean).join(" · "),
  ]);
  return (
    <Select
      id={id}
      invalid={Boolean(error)}
      aria-describedby={describedBy(id, { error, hint: true })}
      name={name}
      value={value}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    >
      {[["", t("nagoyaDocumentNone")], ...options].map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </Select>
  );
}
