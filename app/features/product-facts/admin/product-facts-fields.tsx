import { MOQ_UNIT_NAMES, MOQ_UNITS } from "@shared/product-facts";
import type { ProductInput } from "@shared/schemas/product";
import { useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Select } from "~/components/ui/field";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError } from "~/lib/admin/form";
import { FACT_TEXTS } from "../texts";

type TextFact = "inciName" | "casNumbers" | "botanicalName" | `${"origin" | "form" | "packaging" | "storage"}${"Fr" | "En"}`;

/** An empty number input is "not set" (null), anything else a number for the shared schema to check. */
const numberOrNull = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/**
 * The "Caractéristiques" / "Key facts" section of the product form (decision 0110): every fact optional, the
 * bilingual ones French and English side by side, errors under their fields (the shared `productFactsSchema`).
 */
export function ProductFactsFields({ register, errors }: { register: UseFormRegister<ProductInput>; errors: FieldErrors<ProductInput> }) {
  const t = useTexts(FACT_TEXTS);
  const headingId = useId();

  const text = (name: TextFact, hint?: string) => {
    const id = `product-${name}`;
    const error = fieldError(errors, name);
    return (
      <Field label={t(name)} htmlFor={id} error={error} hint={hint}>
        <Input id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: Boolean(hint) })} {...register(name)} />
      </Field>
    );
  };
  const number = (name: "moqQuantity" | "shelfLifeMonths") => {
    const id = `product-${name}`;
    const error = fieldError(errors, name);
    return (
      <Field label={t(name)} htmlFor={id} error={error}>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={name === "shelfLifeMonths" ? 1 : 0}
          step={name === "shelfLifeMonths" ? 1 : "any"}
          invalid={Boolean(error)}
          aria-describedby={describedBy(id, { error })}
          {...register(name, { setValueAs: numberOrNull })}
        />
      </Field>
    );
  };
  const unitError = fieldError(errors, "moqUnit");

  return (
    <Card role="group" aria-labelledby={headingId} data-testid="product-facts">
      <CardHeader headingId={headingId} title={t("title")} description={t("intro")} />
      <div className="grid gap-5 p-5 md:grid-cols-2">
        {text("inciName")}
        {text("botanicalName")}
        {text("casNumbers", t("casHint"))}
        <div className="grid grid-cols-[1fr_8rem] gap-3">
          {number("moqQuantity")}
          <Field label={t("moqUnit")} htmlFor="product-moqUnit" error={unitError}>
            <Select
              id="product-moqUnit"
              invalid={Boolean(unitError)}
              aria-describedby={describedBy("product-moqUnit", { error: unitError })}
              {...register("moqUnit")}
            >
              {MOQ_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {MOQ_UNIT_NAMES[unit].fr === MOQ_UNIT_NAMES[unit].en ? unit : `${MOQ_UNIT_NAMES[unit].fr} / ${MOQ_UNIT_NAMES[unit].en}`}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {text("originFr")}
        {text("originEn")}
        {text("formFr")}
        {text("formEn")}
        {text("packagingFr")}
        {text("packagingEn")}
        {text("storageFr")}
        {text("storageEn")}
        {number("shelfLifeMonths")}
      </div>
    </Card>
  );
}
