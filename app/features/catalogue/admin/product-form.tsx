import { LIMITS } from "@shared/limits";
import { initialValuesOf } from "@shared/resources/define";
import { productResource } from "@shared/resources/products";
import type { Category } from "@shared/schemas/category";
import { CONTENT_BLOCK_TYPES, type ContentBlockType, RICH_BLOCK_TYPES } from "@shared/schemas/content-block";
import { type Product, type ProductData, type ProductInput, productInputSchema } from "@shared/schemas/product";
import { emptyTableData } from "@shared/schemas/table-data";
import { FileText, Image, LayoutPanelLeft, Plus, Table2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { FormFooter } from "~/components/admin/form-footer";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { ReadOnlyFieldset } from "~/components/admin/read-only";
import { RichTextShortcuts } from "~/components/admin/rich-text";
import { FormSection, SectionNav } from "~/components/admin/section-nav";
import { SeoFields } from "~/components/admin/seo-fields";
import { FormTranslationGaps } from "~/components/admin/translation-gaps";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Checkbox, describedBy, Field, Input, Select, Textarea } from "~/components/ui/field";
import { CertificationPicker } from "~/features/certifications/admin/certification-picker";
import { CERTIFICATION_TEXTS } from "~/features/certifications/admin/texts";
import { ProductFactsFields } from "~/features/product-facts/admin/product-facts-fields";
import { RegulatoryFields } from "~/features/product-facts/admin/regulatory-fields";
import { UsesFields } from "~/features/product-facts/admin/uses-fields";
import { REGULATORY_TEXTS } from "~/features/product-facts/regulatory-texts";
import { FACT_TEXTS } from "~/features/product-facts/texts";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { SEO_TEXTS } from "~/i18n/admin/seo";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { defaultPageTitle } from "~/lib/admin/search-preview";
import { slugify } from "~/lib/admin/slugify";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import { ContentBlockEditor } from "./content-block-editor";
import { productInput } from "./product-payload";
import { type ProductFormSection, productFormSections, productSectionId } from "./product-sections";
import { CATALOGUE_TEXTS, PRODUCT_DOCUMENTS_ADMIN_TEXTS } from "./texts";

const BLOCK_ICONS = { text: FileText, image: Image, "text-image": LayoutPanelLeft, table: Table2 } as const;

/** The one keyboard-shortcut help line of the content blocks' rich-text editors. */
const SHORTCUTS_ID = "product-rich-text-shortcuts";

/** A new product's values: its declared fields' starting values, no block, no certification, application or function. */
export const EMPTY_PRODUCT = {
  ...initialValuesOf(productResource),
  contentBlocks: [],
  certificationIds: [],
  applicationIds: [],
  functionIds: [],
} as ProductInput;

function newBlock(type: ContentBlockType, order: number) {
  return { type, contentFr: "", contentEn: "", order, imageUrl: "", tableData: type === "table" ? emptyTableData() : null };
}

type ProductFormProps = {
  mode: "create" | "edit";
  initial: ProductInput;
  categories: Category[];
  onSubmit: (data: ProductData) => void;
  saving: boolean;
  /** The last save's error: a version conflict shows the notice that offers to reload. */
  saveError?: unknown;
  /** Called once the latest version is in the form (e.g. to clear `saveError`). */
  onReloaded?: () => void;
  alert: (message: string, title?: string) => void;
  /** For a role that may not change the product: every field disabled, no block to add, no save (decision 0114). */
  readOnly?: boolean;
  /**
   * The "Documents" section, a section of the form like the others (between the content and SEO) though its documents
   * are stored as they are added, not by the form's save.
   */
  documents?: ReactNode;
  /** The edited product's id (none while creating): the regulatory section lists its documents. */
  productId?: string;
};

/** Create and edit form: validated with the shared `productInputSchema`, errors shown under their fields. */
export function ProductForm({
  mode,
  initial,
  categories,
  onSubmit,
  saving,
  saveError,
  onReloaded,
  alert,
  readOnly = false,
  documents,
  productId,
}: ProductFormProps) {
  const t = useTexts(CATALOGUE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const certificationTexts = useTexts(CERTIFICATION_TEXTS);
  const factTexts = useTexts(FACT_TEXTS);
  const regulatoryTexts = useTexts(REGULATORY_TEXTS);
  const seoTexts = useTexts(SEO_TEXTS);
  const documentTexts = useTexts(PRODUCT_DOCUMENTS_ADMIN_TEXTS);
  const lang = useScreenLang();
  const label = (name: keyof typeof productResource.fields) => productResource.fields[name].label[lang];
  const uploads = usePendingUploads();
  const [invalid, setInvalid] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors, dirtyFields },
  } = useZodForm(productInputSchema, { defaultValues: initial, mode: "onTouched" });
  const blocks = useFieldArray({ control, name: "contentBlocks" });
  const [shortFr = "", shortEn = ""] = useWatch({ control, name: ["shortDescriptionFr", "shortDescriptionEn"] });
  const [nameFrValue = "", nameEnValue = "", slugValue = ""] = useWatch({ control, name: ["nameFr", "nameEn", "slug"] });

  /** docs/product.md, "Produits": order values follow the positions after every change. */
  const renumber = () => {
    const current = getValues("contentBlocks") ?? [];
    current.forEach((_, i) => {
      setValue(`contentBlocks.${i}.order`, i);
    });
  };

  const submit = handleSubmit(
    (data) => {
      setInvalid(false);
      onSubmit({ ...data, contentBlocks: data.contentBlocks.map((block, order) => ({ ...block, order })) });
    },
    () => setInvalid(true),
  );

  const nameFr = register("nameFr", {
    onChange: (event: { target: { value: string } }) => {
      if (mode === "create" && !dirtyFields.slug) setValue("slug", slugify(event.target.value));
    },
  });

  const text = (name: "nameFr" | "nameEn" | "slug", label: string, hint?: string) => {
    const id = `product-${name}`;
    const error = fieldError(errors, name);
    const registration = name === "nameFr" ? nameFr : register(name);
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint} required>
        <Input id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: Boolean(hint) })} {...registration} />
      </Field>
    );
  };

  const shortDescription = (name: "shortDescriptionFr" | "shortDescriptionEn", label: string, value: string) => {
    const id = `product-${name}`;
    const error = fieldError(errors, name);
    return (
      <Field label={label} htmlFor={id} error={error} counter={{ value: value.length, max: LIMITS.productShortDescription }} required>
        <Textarea id={id} rows={4} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: true })} {...register(name)} />
      </Field>
    );
  };

  const categoryError = fieldError(errors, "categoryId");

  /** Each section's landmark is named as its heading reads; its link in the section navigation by a shorter name. */
  const sectionNames: Record<ProductFormSection, string> = {
    general: t("form.sections.general"),
    image: t("form.sections.image"),
    descriptions: t("form.sections.descriptions"),
    certifications: certificationTexts("picker.legend"),
    facts: factTexts("title"),
    uses: regulatoryTexts("usesTitle"),
    regulatory: regulatoryTexts("title"),
    blocks: t("form.sections.blocks"),
    documents: documentTexts("title"),
    seo: seoTexts("title"),
  };
  const sections = productFormSections({ documents: documents !== undefined }).map((name) => ({
    id: productSectionId(name),
    label: t(`form.nav.${name}`),
  }));
  const sectionProps = (name: ProductFormSection) => ({ id: productSectionId(name), label: sectionNames[name] });
  const hasRichBlock = blocks.fields.some((block) => RICH_BLOCK_TYPES.includes(block.type));

  const form = (
    <form noValidate className="space-y-6" onSubmit={uploads.guard(submit, () => alert(common("pendingUploads")))}>
      {readOnly && (
        <p
          role="status"
          className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
          data-testid="read-only-notice"
        >
          {t("form.readOnly")}
        </p>
      )}
      <SectionNav label={t("form.nav.label")} sections={sections}>
        <ReadOnlyFieldset readOnly={readOnly} className="min-w-0 space-y-6">
          <FormSection {...sectionProps("general")}>
            <Card>
              <CardHeader title={t("form.sections.general")} />
              <div className="grid gap-5 p-5 md:grid-cols-2">
                {text("nameFr", label("nameFr"))}
                {text("nameEn", label("nameEn"))}
                {text("slug", label("slug"), t("form.slugHint"))}
                <Field label={label("categoryId")} htmlFor="product-categoryId" error={categoryError} required>
                  <Select
                    id="product-categoryId"
                    invalid={Boolean(categoryError)}
                    aria-describedby={describedBy("product-categoryId", { error: categoryError })}
                    {...register("categoryId")}
                  >
                    <option value="">{t("form.chooseCategory")}</option>
                    {categories.map((c) => (
                      <option key={c._id} value={c._id}>
                        {c.nameFr} / {c.nameEn}
                      </option>
                    ))}
                  </Select>
                </Field>
                <div className="md:col-span-2">
                  <Checkbox id="product-isActive" label={label("isActive")} {...register("isActive")} />
                </div>
                <Field
                  label={label("publishAt")}
                  htmlFor="product-publishAt"
                  error={fieldError(errors, "publishAt")}
                  hint={t("form.publishAtHint")}
                >
                  <Input
                    id="product-publishAt"
                    type="datetime-local"
                    invalid={Boolean(fieldError(errors, "publishAt"))}
                    aria-describedby={describedBy("product-publishAt", { error: fieldError(errors, "publishAt"), hint: true })}
                    {...register("publishAt")}
                  />
                </Field>
              </div>
            </Card>
          </FormSection>

          <FormSection {...sectionProps("image")}>
            <Card>
              <CardHeader title={t("form.sections.image")} />
              <div className="p-5">
                <Controller
                  control={control}
                  name="mainImageUrl"
                  render={({ field }) => (
                    <ImageUploadField
                      id="product-mainImageUrl"
                      label={label("mainImageUrl")}
                      value={field.value}
                      onChange={field.onChange}
                      onUploadingChange={(busy) => uploads.report("main", busy)}
                      error={fieldError(errors, "mainImageUrl")}
                      aspect="aspect-[4/3]"
                      required
                    />
                  )}
                />
              </div>
            </Card>
          </FormSection>

          <FormSection {...sectionProps("descriptions")}>
            <Card>
              <CardHeader title={t("form.sections.descriptions")} />
              <div className="grid gap-5 p-5 md:grid-cols-2">
                {shortDescription("shortDescriptionFr", label("shortDescriptionFr"), shortFr)}
                {shortDescription("shortDescriptionEn", label("shortDescriptionEn"), shortEn)}
              </div>
            </Card>
          </FormSection>

          <FormSection {...sectionProps("certifications")}>
            <CertificationPicker control={control} />
          </FormSection>
          <FormSection {...sectionProps("facts")}>
            <ProductFactsFields register={register} errors={errors} />
          </FormSection>
          <FormSection {...sectionProps("uses")}>
            <UsesFields control={control} />
          </FormSection>
          <FormSection {...sectionProps("regulatory")}>
            <RegulatoryFields register={register} errors={errors} control={control} productId={productId} />
          </FormSection>

          <FormSection {...sectionProps("blocks")}>
            <div className="space-y-4">
              <div>
                <h2 className="text-base font-semibold text-navy">{t("form.sections.blocks")}</h2>
                <p className="text-sm text-slate-600">{t("form.blocksHint")}</p>
                {/* Said once for all the blocks' text editors, which point to it. */}
                {hasRichBlock && <RichTextShortcuts id={SHORTCUTS_ID} className="mt-1" />}
              </div>
              {blocks.fields.length === 0 && (
                <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
                  {t("form.noBlocks")}
                </p>
              )}
              {blocks.fields.map((field, index) => (
                <ContentBlockEditor
                  key={field.id}
                  blockKey={field.id}
                  index={index}
                  count={blocks.fields.length}
                  type={field.type}
                  control={control}
                  register={register}
                  errors={errors}
                  onMoveUp={() => {
                    blocks.swap(index, index - 1);
                    renumber();
                  }}
                  onMoveDown={() => {
                    blocks.swap(index, index + 1);
                    renumber();
                  }}
                  onRemove={() => {
                    blocks.remove(index);
                    renumber();
                  }}
                  onUploadingChange={(busy) => uploads.report(field.id, busy)}
                  shortcutsId={SHORTCUTS_ID}
                />
              ))}
              {!readOnly && (
                <Card className="flex flex-wrap items-center gap-2 p-4">
                  <span className="mr-1 text-sm font-medium text-navy">{t("form.addBlockPrompt")}</span>
                  {CONTENT_BLOCK_TYPES.map((type) => {
                    const Icon = BLOCK_ICONS[type];
                    return (
                      <Button
                        key={type}
                        variant="secondary"
                        size="sm"
                        aria-label={t("form.addBlockLabel", { type: t(`form.blockTypes.${type}`) })}
                        onClick={() => blocks.append(newBlock(type, blocks.fields.length), { shouldFocus: false })}
                      >
                        <Plus className="size-4" aria-hidden="true" />
                        <Icon className="size-4" aria-hidden="true" />
                        {t(`form.blockTypes.${type}`)}
                      </Button>
                    );
                  })}
                </Card>
              )}
            </div>
          </FormSection>
        </ReadOnlyFieldset>

        {documents !== undefined && <FormSection {...sectionProps("documents")}>{documents}</FormSection>}

        <ReadOnlyFieldset readOnly={readOnly} className="min-w-0">
          <FormSection {...sectionProps("seo")}>
            <SeoFields
              fields={productResource.fields}
              control={control}
              register={register}
              errors={errors}
              idPrefix="product"
              path={`/product/${slugValue || "…"}`}
              fallback={{
                fr: { title: defaultPageTitle(nameFrValue, "fr"), description: shortFr },
                en: { title: defaultPageTitle(nameEnValue, "en"), description: shortEn },
              }}
            />
          </FormSection>
        </ReadOnlyFieldset>
      </SectionNav>

      {readOnly ? (
        <div className="flex justify-end">
          <ButtonLink to="/admin/products" variant="secondary">
            {t("form.back")}
          </ButtonLink>
        </div>
      ) : (
        <FormFooter<Product>
          layout="sticky"
          submitLabel={mode === "create" ? t("form.create") : t("form.update")}
          saving={saving}
          cancelTo="/admin/products"
          cancelLabel={t("form.cancel")}
          uploads={uploads.count}
          problem={invalid && Object.keys(errors).length > 0 && t("form.invalid")}
          conflict={{
            error: saveError,
            onReload: (current) => {
              reset(productInput(current));
              onReloaded?.();
            },
          }}
        />
      )}
    </form>
  );
  // Live "À traduire" markers and counts (decision 0121).
  return (
    <FormTranslationGaps resource={productResource} control={control} idPrefix="product">
      {form}
    </FormTranslationGaps>
  );
}
