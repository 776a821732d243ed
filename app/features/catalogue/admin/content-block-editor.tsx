import { LIMITS } from "@shared/limits";
import { type ContentBlockType, RICH_BLOCK_TYPES } from "@shared/schemas/content-block";
import type { ProductData, ProductInput } from "@shared/schemas/product";
import { type RichDoc, richToPlain } from "@shared/schemas/rich-text";
import { emptyTableData } from "@shared/schemas/table-data";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from "react-hook-form";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { editorDoc, RichTextEditor } from "~/components/admin/rich-text";
import { BlockTranslationGaps } from "~/components/admin/translation-gaps";
import { Card } from "~/components/ui/card";
import { describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { TranslationCount } from "~/components/ui/translation-gaps";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError } from "~/lib/admin/form";
import { TableBlockEditor } from "./table-block-editor";
import { TableFactWarnings } from "./table-fact-warnings";
import { CATALOGUE_TEXTS } from "./texts";

type Props = {
  index: number;
  count: number;
  /** Stable id of the block in the field array (survives moves). */
  blockKey: string;
  type: ContentBlockType;
  control: Control<ProductInput, unknown, ProductData>;
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors<ProductInput>;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onRemove: () => void;
  onUploadingChange: (uploading: boolean) => void;
  /** The id of the form's one keyboard-shortcut help line, which the rich-text editors point to. */
  shortcutsId?: string;
};

const controlButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

export function ContentBlockEditor({
  index,
  count,
  blockKey,
  type,
  control,
  register,
  errors,
  onMoveUp,
  onMoveDown,
  onRemove,
  onUploadingChange,
  shortcutsId,
}: Props) {
  const t = useTexts(CATALOGUE_TEXTS);
  const n = index + 1;
  const isTable = type === "table";
  const max = isTable ? LIMITS.tableTitle : LIMITS.textBlockContent;
  const [contentFr = "", contentEn = ""] = useWatch({
    control,
    name: [`contentBlocks.${index}.contentFr`, `contentBlocks.${index}.contentEn`],
  });
  const id = (field: string) => `block-${blockKey}-${field}`;

  /**
   * A text or text-image block's text is rich (decision 0102): the editor starts from the stored document, or from the
   * plain text read as paragraphs; every change writes the document and its visible text (`content…`) together.
   */
  const richField = (lang: "Fr" | "En") => {
    const label = lang === "Fr" ? t("form.contentFr") : t("form.contentEn");
    return (
      <Controller
        control={control}
        name={`contentBlocks.${index}.content${lang}`}
        render={({ field: plain }) => (
          <Controller
            control={control}
            name={`contentBlocks.${index}.rich${lang}`}
            render={({ field: rich }) => (
              <RichTextEditor
                id={id(`content${lang}`)}
                label={label}
                value={editorDoc(rich.value as RichDoc | null | undefined, plain.value ?? "")}
                onChange={(doc) => {
                  rich.onChange(doc);
                  plain.onChange(richToPlain(doc));
                }}
                onBlur={rich.onBlur}
                max={LIMITS.textBlockContent}
                shortcutsId={shortcutsId}
                error={
                  fieldError(errors, `contentBlocks.${index}.rich${lang}`) ?? fieldError(errors, `contentBlocks.${index}.content${lang}`)
                }
              />
            )}
          />
        )}
      />
    );
  };

  const textField = (lang: "Fr" | "En", value: string) => {
    const name = `contentBlocks.${index}.content${lang}` as const;
    const fieldId = id(`content${lang}`);
    const error = fieldError(errors, `contentBlocks.${index}.content${lang}`);
    const label = isTable
      ? lang === "Fr"
        ? t("form.tableTitleFr")
        : t("form.tableTitleEn")
      : lang === "Fr"
        ? t("form.contentFr")
        : t("form.contentEn");
    return (
      <Field label={label} htmlFor={fieldId} error={error} counter={{ value: value.length, max }}>
        {isTable ? (
          <Input id={fieldId} invalid={Boolean(error)} aria-describedby={describedBy(fieldId, { error, hint: true })} {...register(name)} />
        ) : (
          <Textarea
            id={fieldId}
            rows={5}
            invalid={Boolean(error)}
            aria-describedby={describedBy(fieldId, { error, hint: true })}
            {...register(name)}
          />
        )}
      </Field>
    );
  };

  return (
    <BlockTranslationGaps control={control} name={`contentBlocks.${index}`} idPrefix={`block-${blockKey}`}>
      <Card className="overflow-hidden" data-testid="content-block">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2">
          <h3 className="flex-1 text-sm font-semibold text-navy">
            {t("form.blockTitle", { number: n, type: t(`form.blockTypes.${type}`) })}
          </h3>
          <TranslationCount />
          <button
            type="button"
            className={controlButton}
            aria-label={t("form.moveUp", { number: n })}
            title={t("form.moveUp", { number: n })}
            disabled={index === 0}
            onClick={onMoveUp}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={controlButton}
            aria-label={t("form.moveDown", { number: n })}
            title={t("form.moveDown", { number: n })}
            disabled={index === count - 1}
            onClick={onMoveDown}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${controlButton} text-red-700 hover:bg-red-50`}
            aria-label={t("form.removeBlock", { number: n })}
            title={t("form.removeBlock", { number: n })}
            onClick={onRemove}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        <div className="space-y-5 p-4">
          {(type === "image" || type === "text-image") && (
            <Controller
              control={control}
              name={`contentBlocks.${index}.imageUrl`}
              render={({ field }) => (
                <ImageUploadField
                  id={id("image")}
                  label={t("form.blockImage")}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onUploadingChange={onUploadingChange}
                  error={fieldError(errors, `contentBlocks.${index}.imageUrl`)}
                  required
                />
              )}
            />
          )}
          <div className="grid gap-5 lg:grid-cols-2">
            {RICH_BLOCK_TYPES.includes(type) ? richField("Fr") : textField("Fr", contentFr)}
            {RICH_BLOCK_TYPES.includes(type) ? richField("En") : textField("En", contentEn)}
          </div>
          {isTable && (
            <Controller
              control={control}
              name={`contentBlocks.${index}.tableData`}
              render={({ field }) => (
                <TableBlockEditor
                  gapId={id("tableData")}
                  value={field.value && "fr" in field.value ? normalized(field.value) : emptyTableData()}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          {isTable && <TableFactWarnings control={control} index={index} />}
        </div>
      </Card>
    </BlockTranslationGaps>
  );
}

/** The form always holds the bilingual shape; this only narrows its type. */
function normalized(value: { fr: { headers?: string[]; rows?: string[][] }; en: { headers?: string[]; rows?: string[][] } }) {
  return {
    fr: { headers: value.fr.headers ?? [""], rows: value.fr.rows ?? [[""]] },
    en: { headers: value.en.headers ?? [""], rows: value.en.rows ?? [[""]] },
  };
}
