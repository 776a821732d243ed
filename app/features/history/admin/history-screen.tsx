import { canRead, readableHistoryTypes } from "@shared/access";
import type { Lang } from "@shared/company";
import { RESOURCES, type ResourceType } from "@shared/resources/index";
import { fieldLabel } from "@shared/resources/labels";
import { ROLE_LABELS, ROLES } from "@shared/roles";
import { formatSiteDateTime } from "@shared/schedule";
import { ADMIN_SECURITY } from "@shared/schemas/admin-security";
import { HISTORY_TYPES, type HistoryEntry } from "@shared/schemas/history";
import type { HistoryChange, HistoryValue } from "@shared/schemas/history-changes";
import { SETTINGS_VERSION_ID, VERSIONED_TYPES } from "@shared/schemas/versions";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Field, Select } from "~/components/ui/field";
import { useAdminChoices, useHistory } from "~/features/administrators/admin/admins-api";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { type TextKey, type TextParams, translate } from "~/i18n/texts";
import { useRole } from "~/lib/admin/access";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { historyItemName } from "./history-item";
import { settingsFieldLabel } from "./settings-labels";
import { HISTORY_TEXTS } from "./texts";

const TITLE = translate(HISTORY_TEXTS, BACK_OFFICE_LANG, "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

type HistoryText = TextKey<typeof HISTORY_TEXTS>;
/**
 * The text of `prefix.key`; a type the dictionary does not name by its declaration's label (shared/resources), else
 * `key` itself.
 */
const known = (t: ChangeText, prefix: "type" | "action", key: string, lang: Lang) => {
  const full = `${prefix}.${key}`;
  if (full in HISTORY_TEXTS.fr) return t(full as HistoryText);
  const label = prefix === "type" && Object.hasOwn(RESOURCES, key) ? RESOURCES[key as ResourceType].label[lang].one : undefined;
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : key;
};

type ChangeText = (key: TextKey<typeof HISTORY_TEXTS>, params?: TextParams) => string;

/** Schedule times are stored as UTC instants; they read in the site's time zone, like the forms (decision 0104). */
const SCHEDULE_FIELDS = new Set(["publishAt", "startsAt", "endsAt"]);

function shown(value: HistoryValue, t: ChangeText, field = ""): string {
  if (value === null || value === "") return t("empty");
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (typeof value === "string" && SCHEDULE_FIELDS.has(field)) return formatSiteDateTime(value);
  return String(value);
}

/**
 * A field's name in the screen's language: a settings path (`home.values.0.title.fr`) as the settings form names it,
 * a declared one by its resource's label (shared/resources), any other as the history names it; one none knows shows its
 * API name.
 */
function fieldName(field: string, t: ChangeText, type: string, lang: Lang): string {
  if (type === "settings") return settingsFieldLabel(field, lang) ?? field;
  const declared = fieldLabel(type, field, lang);
  if (declared) return declared;
  const key = `field.${field}`;
  return key in HISTORY_TEXTS.fr ? t(key as TextKey<typeof HISTORY_TEXTS>) : field;
}

/** One change: the field's name, then before → after (the arrow read as a word). */
function ChangeLine({ change, t, type, lang }: { change: HistoryChange; t: ChangeText; type: string; lang: Lang }) {
  const name = <span className="font-medium text-slate-800">{fieldName(change.field, t, type, lang)} : </span>;
  if (change.field === "more") {
    return (
      <li>
        {name}
        {shown(change.after, t)}
      </li>
    );
  }
  return (
    <li className="break-words">
      {name}
      <span className="text-slate-600">{shown(change.before, t, change.field)}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> {t("becomes")} </span>
      <span className="text-slate-900">{shown(change.after, t, change.field)}</span>
    </li>
  );
}

/** What a row changed, behind a disclosure so the list stays one line per change until opened. */
function Changes({ changes, type }: { changes: HistoryChange[]; type: string }) {
  const t = useTexts(HISTORY_TEXTS);
  const lang = useScreenLang();
  if (changes.length === 0) return null;
  return (
    <details className="group min-w-48 max-w-md" data-testid="history-changes">
      <summary className="cursor-pointer rounded-sm font-medium text-navy underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#0b1f33]">
        {t("summary", { count: changes.length })}
      </summary>
      <ul className="mt-2 space-y-1.5 border-l-2 border-slate-200 pl-3">
        {changes.map((change, index) => (
          // Rows are never reordered: the position is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list
          <ChangeLine key={index} change={change} t={t} type={type} lang={lang} />
        ))}
      </ul>
    </details>
  );
}

const VERSIONED: ReadonlySet<string> = new Set(VERSIONED_TYPES);

/** The versions screen of a row's item, the version of that change chosen (`at`); none for deletions and other types. */
function versionLink(entry: HistoryEntry): string | null {
  // The settings are one document: its rows name no id, its versions are kept under SETTINGS_VERSION_ID.
  const id = entry.entityType === "settings" ? SETTINGS_VERSION_ID : entry.entityId;
  if (!VERSIONED.has(entry.entityType) || !id || entry.action === "delete") return null;
  return `/admin/history/${entry.entityType}/${encodeURIComponent(id)}?at=${encodeURIComponent(entry.createdAt)}`;
}

/**
 * "Historique": every admin change (who with which role, what, which item, when), filterable by role, by type and, for
 * an administrator, by account. A role sees the rows and types of what it reads (decision 0114).
 */
export default function AdminHistory() {
  const [filters, setFilters] = useState({ userId: "", type: "", role: "" });
  const t = useTexts(HISTORY_TEXTS);
  const lang = useScreenLang();
  const role = useRole();
  // Only an administrator lists the accounts (`GET /api/users`), so only they filter by author.
  const byAuthor = canRead(role, "user");
  const admins = useAdminChoices(byAuthor);
  const types = readableHistoryTypes(role, HISTORY_TYPES);
  const history = useHistory(filters);
  const items = history.items;

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">{t("intro", { count: Math.round(ADMIN_SECURITY.historyRetentionDays / 365) })}</p>
      <Card>
        <ListToolbar
          filters={
            <>
              {byAuthor && (
                <Field label={t("filterAdmin")} htmlFor="history-admin" className="sm:w-60">
                  <Select id="history-admin" value={filters.userId} onChange={(e) => setFilters((f) => ({ ...f, userId: e.target.value }))}>
                    <option value="">{t("all")}</option>
                    {admins.data?.map((u) => (
                      <option key={u._id} value={u._id}>
                        {u.email}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field label={t("filterRole")} htmlFor="history-role" className="sm:w-60">
                <Select id="history-role" value={filters.role} onChange={(e) => setFilters((f) => ({ ...f, role: e.target.value }))}>
                  <option value="">{t("all")}</option>
                  {ROLES.map((value) => (
                    <option key={value} value={value}>
                      {ROLE_LABELS[value][lang]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t("filterType")} htmlFor="history-type" className="sm:w-60">
                <Select id="history-type" value={filters.type} onChange={(e) => setFilters((f) => ({ ...f, type: e.target.value }))}>
                  <option value="">{t("all")}</option>
                  {types.map((type) => (
                    <option key={type} value={type}>
                      {known(t, "type", type, lang)}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          }
        />
        <ListScreen<HistoryEntry>
          query={{ data: items, isPending: history.isPending, error: history.error }}
          texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("emptyList") }}
          rowTestId="history-row"
          actionsHeader=""
          fields={[
            {
              key: "when",
              header: t("colWhen"),
              card: "title",
              cell: (e) => <span className="whitespace-nowrap">{formatFrenchDateTime(e.createdAt)}</span>,
            },
            {
              key: "type",
              header: t("colType"),
              card: "badge",
              cell: (e) => <Badge tone="info">{known(t, "type", e.entityType, lang)}</Badge>,
            },
            { key: "action", header: t("colAction"), cell: (e) => known(t, "action", e.action, lang) },
            {
              key: "item",
              header: t("colItem"),
              cell: (e) => (
                <span className="flex flex-col gap-1">
                  <span className="break-words">{historyItemName(e, lang)}</span>
                  {versionLink(e) && (
                    <Link
                      to={versionLink(e) ?? ""}
                      className="text-sm font-medium text-navy underline underline-offset-2"
                      data-testid="history-version-link"
                    >
                      {t("viewVersion")}
                    </Link>
                  )}
                </span>
              ),
            },
            {
              key: "who",
              header: t("colWho"),
              cell: (e) => (
                <span className="flex flex-col items-start gap-1">
                  <span className="break-words">{e.email}</span>
                  <Badge>{ROLE_LABELS[e.role][lang]}</Badge>
                </span>
              ),
            },
            {
              key: "changes",
              header: t("header"),
              card: "block",
              className: "text-sm",
              cell: (e) => <Changes changes={e.changes} type={e.entityType} />,
            },
          ]}
        />
        <LoadMore list={history} label={t("more")} loadingLabel={t("loadingMore")} />
      </Card>
    </div>
  );
}
