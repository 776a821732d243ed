import { COMPANY } from "@shared/company";
import { LIMITS } from "@shared/limits";
import { type Settings, type SettingsInput, type SettingsPayload, settingsInputSchema } from "@shared/schemas/settings";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { type Control, type FieldErrors, type Path, type UseFormRegister, useFieldArray } from "react-hook-form";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ConflictNotice } from "~/components/admin/conflict-notice";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { useSaveSettings, useSettings } from "./api";
import { SETTINGS_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(SETTINGS_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(SETTINGS_TEXTS, BACK_OFFICE_LANG, "title") };

type Form = { register: UseFormRegister<SettingsInput>; errors: FieldErrors<SettingsInput> };
type T = ReturnType<typeof useTexts<typeof SETTINGS_TEXTS>>;

/** What the form edits: the stored document and the version it was read at. */
function formValues(settings: Settings): SettingsInput {
  const { updatedAt: _updatedAt, ...input } = settings;
  return structuredClone(input) as SettingsInput;
}

/** A path of the form, built from pieces (`home.story.entries.2.title`). */
const at = (...parts: (string | number)[]) => parts.join(".") as Path<SettingsInput>;

/** One text field, single line or a paragraph. */
function TextField({
  form,
  name,
  label,
  max,
  multiline = false,
  required = true,
  hint,
}: {
  form: Form;
  name: Path<SettingsInput>;
  label: ReactNode;
  max: number;
  multiline?: boolean;
  required?: boolean;
  hint?: string;
}) {
  const id = `settings-${name.replaceAll(".", "-")}`;
  const error = fieldError(form.errors, name);
  const describe = describedBy(id, { error, hint: Boolean(hint) });
  return (
    <Field label={label} htmlFor={id} error={error} required={required} hint={hint}>
      {multiline ? (
        <Textarea id={id} rows={3} maxLength={max} invalid={Boolean(error)} aria-describedby={describe} {...form.register(name)} />
      ) : (
        <Input id={id} maxLength={max} invalid={Boolean(error)} aria-describedby={describe} {...form.register(name)} />
      )}
    </Field>
  );
}

/** A text in French and English, side by side (stacked on a phone). */
function Bilingual({
  form,
  name,
  label,
  max,
  multiline,
  required = true,
  t,
}: {
  form: Form;
  name: string;
  label: string;
  max: number;
  multiline?: boolean;
  required?: boolean;
  t: T;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(["fr", "en"] as const).map((lang) => (
        <TextField
          key={lang}
          form={form}
          name={at(name, lang)}
          label={`${label} (${t(lang)})`}
          max={max}
          multiline={multiline}
          required={required}
        />
      ))}
    </div>
  );
}

/** A group of fields under a legend. */
function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-600">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** The buttons of one entry of an ordered list: move up, move down, remove; each names the entry it acts on. */
function EntryActions({
  group,
  item,
  index,
  count,
  min,
  onMove,
  onRemove,
  t,
}: {
  group: string;
  item: string;
  index: number;
  count: number;
  min: number;
  onMove?: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  t: T;
}) {
  /** After a move, the same button of the entry's new place keeps the focus (or its other one at an end of the list). */
  const move = (to: number, direction: "up" | "down") => {
    onMove?.(index, to);
    requestAnimationFrame(() => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[data-group="${group}"][data-index="${to}"]`)];
      (buttons.find((b) => b.dataset.direction === direction && !b.disabled) ?? buttons.find((b) => !b.disabled))?.focus();
    });
  };
  return (
    <div className="flex flex-wrap gap-1">
      {onMove && (
        <>
          <Button
            variant="ghost"
            size="sm"
            data-group={group}
            data-index={index}
            data-direction="up"
            disabled={index === 0}
            aria-label={t("moveUp", { item })}
            onClick={() => move(index - 1, "up")}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            data-group={group}
            data-index={index}
            data-direction="down"
            disabled={index === count - 1}
            aria-label={t("moveDown", { item })}
            onClick={() => move(index + 1, "down")}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </Button>
        </>
      )}
      <Button variant="ghost" size="sm" disabled={count <= min} aria-label={t("remove", { item })} onClick={() => onRemove(index)}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

function CompanySection({ form, control, t }: { form: Form; control: Control<SettingsInput>; t: T }) {
  const emails = useFieldArray({ control, name: "company.emails" });
  const phones = useFieldArray({ control, name: "company.phones" });
  const social = useFieldArray({ control, name: "company.social" });
  return (
    <Card>
      <CardHeader title={t("sections.company")} />
      <div className="space-y-8 p-5">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t("company.name")} htmlFor="settings-company-name">
            <Input id="settings-company-name" value={`${COMPANY.name} ${COMPANY.tagline}`} readOnly disabled />
          </Field>
          <TextField form={form} name="company.address" label={t("company.address")} max={LIMITS.settingsAddressMax} />
        </div>
        <Group legend={t("company.phones")} hint={t("company.phonesHint")}>
          <ol className="space-y-4">
            {phones.fields.map((field, index) => {
              const item = t("company.phone", { n: index + 1 });
              return (
                <li key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
                  <div className="flex items-center justify-between gap-3">
                    <p className="text-sm font-semibold text-navy">{item}</p>
                    <EntryActions
                      group="phones"
                      item={item}
                      index={index}
                      count={phones.fields.length}
                      min={1}
                      onMove={phones.move}
                      onRemove={phones.remove}
                      t={t}
                    />
                  </div>
                  <TextField form={form} name={at("company.phones", index, "number")} label={item} max={LIMITS.contactPhoneMax} />
                  <Bilingual
                    form={form}
                    name={at("company.phones", index, "label")}
                    label={t("company.label")}
                    max={LIMITS.settingsLabelMax}
                    t={t}
                  />
                </li>
              );
            })}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={phones.fields.length >= LIMITS.settingsContactsMax}
            onClick={() => phones.append({ number: "", label: { fr: "Téléphone", en: "Phone" } })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("add.phone")}
          </Button>
        </Group>
        <Group legend={t("company.emails")} hint={t("company.emailsHint")}>
          <ol className="space-y-4">
            {emails.fields.map((field, index) => {
              const item = t("company.email", { n: index + 1 });
              return (
                <li key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
                  <div className="flex items-center justify-between gap-3">
                    <p className="text-sm font-semibold text-navy">{item}</p>
                    <EntryActions
                      group="emails"
                      item={item}
                      index={index}
                      count={emails.fields.length}
                      min={1}
                      onMove={emails.move}
                      onRemove={emails.remove}
                      t={t}
                    />
                  </div>
                  <TextField form={form} name={at("company.emails", index, "email")} label={item} max={LIMITS.contactEmailMax} />
                  <Bilingual
                    form={form}
                    name={at("company.emails", index, "label")}
                    label={t("company.label")}
                    max={LIMITS.settingsLabelMax}
                    t={t}
                  />
                </li>
              );
            })}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={emails.fields.length >= LIMITS.settingsContactsMax}
            onClick={() => emails.append({ email: "", label: { fr: "E-mail", en: "E-mail" } })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("add.email")}
          </Button>
        </Group>
        <Bilingual
          form={form}
          name="company.hours"
          label={t("company.hours")}
          max={LIMITS.settingsTextMax}
          multiline
          required={false}
          t={t}
        />
        <TextField
          form={form}
          name="company.mapUrl"
          label={t("company.mapUrl")}
          max={LIMITS.urlMax}
          required={false}
          hint={t("company.mapHint")}
        />
        <Group legend={t("company.social")}>
          <ol className="space-y-4">
            {social.fields.map((field, index) => {
              const item = t("social.item", { n: index + 1 });
              return (
                <li key={field.id} className="grid gap-3 rounded-xl border border-slate-200 p-4 md:grid-cols-[1fr_2fr_auto] md:items-end">
                  <TextField
                    form={form}
                    name={at("company.social", index, "label")}
                    label={t("company.socialLabel")}
                    max={LIMITS.settingsLabelMax}
                  />
                  <TextField form={form} name={at("company.social", index, "url")} label={t("company.socialUrl")} max={LIMITS.urlMax} />
                  <EntryActions
                    group="social"
                    item={item}
                    index={index}
                    count={social.fields.length}
                    min={0}
                    onRemove={social.remove}
                    t={t}
                  />
                </li>
              );
            })}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={social.fields.length >= LIMITS.settingsSocialMax}
            onClick={() => social.append({ label: "", url: "" })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("add.social")}
          </Button>
        </Group>
      </div>
    </Card>
  );
}

const EMPTY_ENTRY = { period: { fr: "", en: "" }, title: { fr: "", en: "" }, text: { fr: "", en: "" } };

function HomeSection({ form, control, t }: { form: Form; control: Control<SettingsInput>; t: T }) {
  const entries = useFieldArray({ control, name: "home.story.entries" });
  return (
    <Card>
      <CardHeader title={t("sections.home")} />
      <div className="space-y-8 p-5">
        <Bilingual form={form} name="home.hero" label={t("home.hero")} max={LIMITS.nameMax} t={t} />
        <Group legend={t("home.story")}>
          <Bilingual form={form} name="home.story.eyebrow" label={t("home.eyebrow")} max={LIMITS.settingsLabelMax} t={t} />
          <Bilingual form={form} name="home.story.title" label={t("home.heading")} max={LIMITS.nameMax} t={t} />
          <Bilingual form={form} name="home.story.intro" label={t("home.intro")} max={LIMITS.settingsTextMax} multiline t={t} />
        </Group>
        <Group legend={t("home.timeline")}>
          <ol className="space-y-4">
            {entries.fields.map((field, index) => {
              const item = t("home.entry", { n: index + 1 });
              return (
                <li key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
                  <div className="flex items-center justify-between gap-3">
                    <p className="text-sm font-semibold text-navy">{item}</p>
                    <EntryActions
                      group="entries"
                      item={item}
                      index={index}
                      count={entries.fields.length}
                      min={1}
                      onMove={entries.move}
                      onRemove={entries.remove}
                      t={t}
                    />
                  </div>
                  <Bilingual
                    form={form}
                    name={at("home.story.entries", index, "period")}
                    label={t("home.period")}
                    max={LIMITS.settingsLabelMax}
                    t={t}
                  />
                  <Bilingual
                    form={form}
                    name={at("home.story.entries", index, "title")}
                    label={t("home.entryTitle")}
                    max={LIMITS.nameMax}
                    t={t}
                  />
                  <Bilingual
                    form={form}
                    name={at("home.story.entries", index, "text")}
                    label={t("home.entryText")}
                    max={LIMITS.settingsTextMax}
                    multiline
                    t={t}
                  />
                </li>
              );
            })}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={entries.fields.length >= LIMITS.settingsTimelineMax}
            onClick={() => entries.append(structuredClone(EMPTY_ENTRY))}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("add.entry")}
          </Button>
        </Group>
        <Group legend={t("home.mission")}>
          <Bilingual form={form} name="home.mission.eyebrow" label={t("home.eyebrow")} max={LIMITS.settingsLabelMax} t={t} />
          <Bilingual form={form} name="home.mission.title" label={t("home.heading")} max={LIMITS.nameMax} t={t} />
          <Bilingual form={form} name="home.mission.text" label={t("home.missionText")} max={LIMITS.settingsTextMax} multiline t={t} />
        </Group>
        <Group legend={t("home.values")}>
          {[0, 1, 2].map((index) => (
            <fieldset key={index} className="space-y-3 rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-navy">{t("home.value", { n: index + 1 })}</legend>
              <Bilingual form={form} name={at("home.values", index, "title")} label={t("home.valueTitle")} max={LIMITS.nameMax} t={t} />
              <Bilingual
                form={form}
                name={at("home.values", index, "text")}
                label={t("home.valueText")}
                max={LIMITS.settingsTextMax}
                multiline
                t={t}
              />
            </fieldset>
          ))}
        </Group>
        <Group legend={t("home.cta")}>
          <Bilingual form={form} name="home.cta.title" label={t("home.ctaTitle")} max={LIMITS.nameMax} t={t} />
          <Bilingual form={form} name="home.cta.text" label={t("home.ctaText")} max={LIMITS.settingsTextMax} multiline t={t} />
          <Bilingual form={form} name="home.cta.button" label={t("home.ctaButton")} max={LIMITS.settingsLabelMax} t={t} />
        </Group>
      </div>
    </Card>
  );
}

function FooterSection({ form, t }: { form: Form; t: T }) {
  return (
    <Card>
      <CardHeader title={t("sections.footer")} />
      <div className="space-y-6 p-5">
        <Bilingual form={form} name="footer.about" label={t("footer.about")} max={LIMITS.settingsTextMax} multiline t={t} />
        <Bilingual form={form} name="footer.followText" label={t("footer.followText")} max={LIMITS.settingsTextMax} multiline t={t} />
        <Bilingual form={form} name="footer.credit" label={t("footer.credit")} max={LIMITS.nameMax} t={t} />
      </div>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const t = useTexts(SETTINGS_TEXTS);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, submitCount, isValid },
  } = useZodForm(settingsInputSchema, { defaultValues: formValues(settings) });
  // A save moves the version: the form continues from the stored settings.
  const save = useSaveSettings((saved) => reset(formValues(saved)));
  const form: Form = { register, errors };
  const submit = handleSubmit((data: SettingsPayload) => save.mutate(data));
  return (
    <form noValidate className="space-y-6" onSubmit={submit}>
      <p className="text-sm text-slate-700">{t("intro")}</p>
      <CompanySection form={form} control={control} t={t} />
      <HomeSection form={form} control={control} t={t} />
      <FooterSection form={form} t={t} />
      <ConflictNotice<Settings>
        error={save.error}
        onReload={(current) => {
          reset(formValues(current));
          save.reset();
        }}
      />
      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4">
        {submitCount > 0 && !isValid && (
          <p role="alert" className="mr-auto text-sm text-red-700">
            {t("invalid")}
          </p>
        )}
        <Button type="submit" loading={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

/** docs/product.md, "Paramètres du site": the company's facts, the home page's and the footer's texts. */
export default function SettingsScreen() {
  const t = useTexts(SETTINGS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const settings = useSettings();
  if (settings.isPending) return <Loading label={common("loading")} />;
  if (settings.isError) return <LoadError message={t("loadError")} />;
  // The form starts from the first settings read; later reads (a refetch) never replace what is being typed.
  return <SettingsForm settings={settings.data} />;
}
