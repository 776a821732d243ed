import { COMPANY } from "@shared/company";
import { LIMITS } from "@shared/limits";
import { type Settings, type SettingsInput, type SettingsPayload, settingsInputSchema } from "@shared/schemas/settings";
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
import { OrderedEntries } from "./ordered-entries";
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

/** The company's phone numbers or e-mail addresses: each a value and a bilingual label, the first one the main one. */
const CONTACT_KINDS = {
  phones: {
    field: "number",
    max: LIMITS.contactPhoneMax,
    item: "company.phone",
    add: "add.phone",
    blank: { number: "", label: { fr: "Téléphone", en: "Phone" } },
  },
  emails: {
    field: "email",
    max: LIMITS.contactEmailMax,
    item: "company.email",
    add: "add.email",
    blank: { email: "", label: { fr: "E-mail", en: "E-mail" } },
  },
} as const;

function ContactEntries({
  kind,
  form,
  control,
  t,
}: {
  kind: keyof typeof CONTACT_KINDS;
  form: Form;
  control: Control<SettingsInput>;
  t: T;
}) {
  const entries = useFieldArray({ control, name: `company.${kind}` });
  const { field, max, item, add, blank } = CONTACT_KINDS[kind];
  const name = `company.${kind}` as const;
  return (
    <Group legend={t(name)} hint={t(`${name}Hint`)}>
      <OrderedEntries
        group={kind}
        keys={entries.fields.map((entry) => entry.id)}
        itemLabel={(index) => t(item, { n: index + 1 })}
        min={1}
        max={LIMITS.settingsContactsMax}
        onMove={entries.move}
        onRemove={entries.remove}
        onAdd={() => entries.append(structuredClone(blank))}
        addLabel={t(add)}
        t={t}
      >
        {(index, label) => (
          <>
            <TextField form={form} name={at(name, index, field)} label={label} max={max} />
            <Bilingual form={form} name={at(name, index, "label")} label={t("company.label")} max={LIMITS.settingsLabelMax} t={t} />
          </>
        )}
      </OrderedEntries>
    </Group>
  );
}

function CompanySection({ form, control, t }: { form: Form; control: Control<SettingsInput>; t: T }) {
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
        <ContactEntries kind="phones" form={form} control={control} t={t} />
        <ContactEntries kind="emails" form={form} control={control} t={t} />
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
          <OrderedEntries
            group="social"
            keys={social.fields.map((field) => field.id)}
            itemLabel={(index) => t("social.item", { n: index + 1 })}
            min={0}
            max={LIMITS.settingsSocialMax}
            onMove={undefined}
            onRemove={social.remove}
            onAdd={() => social.append({ label: "", url: "" })}
            addLabel={t("add.social")}
            t={t}
          >
            {(index) => (
              <div className="grid gap-3 md:grid-cols-[1fr_2fr]">
                <TextField
                  form={form}
                  name={at("company.social", index, "label")}
                  label={t("company.socialLabel")}
                  max={LIMITS.settingsLabelMax}
                />
                <TextField form={form} name={at("company.social", index, "url")} label={t("company.socialUrl")} max={LIMITS.urlMax} />
              </div>
            )}
          </OrderedEntries>
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
          <OrderedEntries
            group="entries"
            keys={entries.fields.map((field) => field.id)}
            itemLabel={(index) => t("home.entry", { n: index + 1 })}
            min={1}
            max={LIMITS.settingsTimelineMax}
            onMove={entries.move}
            onRemove={entries.remove}
            onAdd={() => entries.append(structuredClone(EMPTY_ENTRY))}
            addLabel={t("add.entry")}
            t={t}
          >
            {(index) => (
              <>
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
              </>
            )}
          </OrderedEntries>
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
