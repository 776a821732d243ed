import type { Lang } from "@shared/company";
import { fieldLabel } from "@shared/resources/labels";
import { VERSIONED_TYPES, type VersionedType } from "@shared/schemas/versions";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ConflictNotice } from "~/components/admin/conflict-notice";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { SegmentedChoice } from "~/components/admin/segmented-choice";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { settingsFieldLabel } from "./settings-labels";
import { HISTORY_TEXTS } from "./texts";
import { type Against, versionChoice } from "./version-choice";
import { type CompareRow, compareVersions, type Shown } from "./version-compare";
import { useRestoreVersion, useVersion, useVersions } from "./versions-api";

const TITLE = translate(HISTORY_TEXTS, BACK_OFFICE_LANG, "versionsTitle");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

type T = ReturnType<typeof useTexts<typeof HISTORY_TEXTS>>;
const isVersioned = (type: string): type is VersionedType => (VERSIONED_TYPES as readonly string[]).includes(type);

/** A field's name as the history names it (the form's label); a bilingual pair without its "(FR)". */
function rowLabel(type: VersionedType, row: CompareRow, t: T, lang: Lang): string {
  if ("block" in row.label) return t("block", { position: row.label.block });
  if ("settings" in row.label) return settingsFieldLabel(row.label.settings, lang) ?? row.label.settings;
  const name = fieldLabel(type, row.label.field, lang) ?? row.label.field;
  return row.cells.length > 1 ? name.replace(/\s*\((FR|EN)\)$/, "") : name;
}

function Value({ value, t }: { value: Shown; t: T }) {
  if (!value.text && !value.image) return <span className="text-slate-500">{t("empty")}</span>;
  return (
    <span className="flex flex-col gap-1 break-words">
      {value.image && <img src={value.image} alt="" className="h-12 w-16 rounded border border-slate-200 object-cover" loading="lazy" />}
      {value.image && !value.text && <span className="text-xs text-slate-600">{value.image.slice(value.image.lastIndexOf("/") + 1)}</span>}
      {value.text && <span className="whitespace-pre-line">{value.text}</span>}
    </span>
  );
}

/** What the two sides of a comparison are called: the older one above, the newer one below (highlighted when it differs). */
type Sides = { before: string; after: string };

/** One side of a cell: the older value, then the newer one when it differs (or always when all are shown). */
function Cell({ cell, t, sides, deleted }: { cell: CompareRow["cells"][number]; t: T; sides: Sides; deleted: boolean }) {
  const differs = cell.before.text !== cell.after.text || cell.before.image !== cell.after.image;
  return (
    <div className="space-y-2">
      <div>
        <span className="block text-xs font-medium text-slate-600">{sides.before}</span>
        <Value value={cell.before} t={t} />
      </div>
      {!deleted && (
        <div className={differs ? "rounded bg-amber-50 p-1" : ""}>
          <span className="block text-xs font-medium text-slate-600">{sides.after}</span>
          <Value value={cell.after} t={t} />
        </div>
      )}
    </div>
  );
}

function Comparison({
  type,
  rows,
  t,
  sides,
  unchanged,
  deleted,
}: {
  type: VersionedType;
  rows: CompareRow[];
  t: T;
  sides: Sides;
  unchanged: string;
  deleted: boolean;
}) {
  const [all, setAll] = useState(false);
  const lang = useScreenLang();
  const toggle = useId();
  const shownRows = all ? rows : rows.filter((row) => row.changed);
  return (
    <div className="space-y-3">
      <label htmlFor={toggle} className="inline-flex items-center gap-2 text-sm text-slate-800">
        <input id={toggle} type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} className="size-4" />
        {t("showAll")}
      </label>
      {shownRows.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="version-unchanged">
          {unchanged}
        </p>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard reaches what it hides (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
        <div className="overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal" tabIndex={0}>
          <table className="w-full min-w-[20rem] border-collapse text-left text-sm" data-testid="version-comparison">
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="w-40 py-2 pr-3 font-semibold">
                  {t("colField")}
                </th>
                <th scope="col" lang="fr" className="py-2 pr-3 font-semibold">
                  {t("colFrench")}
                </th>
                <th scope="col" lang="en" className="py-2 font-semibold">
                  {t("colEnglish")}
                </th>
              </tr>
            </thead>
            <tbody>
              {shownRows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 align-top" data-testid="version-field">
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-800">
                    {rowLabel(type, row, t, lang)}
                  </th>
                  {row.cells.length === 1 && row.cells[0] ? (
                    <td colSpan={2} className="py-2">
                      <Cell cell={row.cells[0]} t={t} sides={sides} deleted={deleted} />
                    </td>
                  ) : (
                    row.cells.map((cell) => (
                      <td key={cell.lang} lang={cell.lang ?? undefined} className="py-2 pr-3">
                        <Cell cell={cell} t={t} sides={sides} deleted={deleted} />
                      </td>
                    ))
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** "Versions": an item's kept versions, one compared field by field with the current one, and its restore. */
export default function VersionsScreen() {
  const { type = "", id = "" } = useParams();
  const [search] = useSearchParams();
  const t = useTexts(HISTORY_TEXTS);
  if (!isVersioned(type)) {
    return <p className="text-sm text-slate-700">{t("versionsEmpty")}</p>;
  }
  return <Versions type={type} id={id} at={search.get("at")} t={t} />;
}

function Versions({ type, id, at, t }: { type: VersionedType; id: string; at: string | null; t: T }) {
  const versions = useVersions(type, id);
  const [chosen, setChosen] = useState<number | null>(null);
  const [against, setAgainst] = useState<Against | null>(null);
  const [confirming, setConfirming] = useState(false);
  const choice = versionChoice(versions.items, { at, chosen, against });
  const { previous, mode } = choice;
  const selected = choice.selected?.version ?? null;
  const detail = useVersion(type, id, selected);
  const before = useVersion(type, id, mode === "previous" ? (previous?.version ?? null) : null);
  const restore = useRestoreVersion(type, id, { success: (v) => t("restored", { version: v }), error: t("restoreError") });
  const mayRestore = useCan(type)("restore");
  const current = detail.data?.current ?? null;
  const currentVersion = typeof current?.version === "number" ? current.version : null;
  const shown = current ?? detail.data?.snapshot;
  const name = type === "settings" ? t("type.settings") : String(shown?.nameFr ?? shown?.titleFr ?? shown?.name ?? id);
  const yesNo = (v: boolean) => (v ? t("yes") : t("no"));
  const compared =
    mode === "previous"
      ? before.data && detail.data && previous
        ? {
            title: t("comparePreviousTitle", { version: selected ?? 0, previous: previous.version }),
            rows: compareVersions(type, before.data.snapshot, detail.data.snapshot, yesNo),
            sides: { before: t("versionLine", { version: previous.version }), after: t("versionLine", { version: selected ?? 0 }) },
            unchanged: t("unchangedPrevious"),
            deleted: false,
          }
        : null
      : detail.data
        ? {
            title: t("compareTitle", { version: selected ?? 0 }),
            rows: compareVersions(type, detail.data.snapshot, current, yesNo),
            sides: { before: t("thisVersion"), after: t("currentVersion") },
            unchanged: t("unchanged"),
            deleted: !current,
          }
        : null;
  const entry = versions.items.find((v) => v.version === selected);

  return (
    <div className="space-y-6">
      <ButtonLink to="/admin/history" variant="secondary" size="sm">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("backToHistory")}
      </ButtonLink>
      <h2 className="text-xl font-semibold break-words text-navy">{t("versionsOf", { name })}</h2>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <Card className="min-w-0 p-4">
          {versions.isPending ? (
            <p className="text-sm text-slate-700">{t("versionsLoading")}</p>
          ) : versions.items.length === 0 ? (
            <p className="text-sm text-slate-700">{t("versionsEmpty")}</p>
          ) : (
            <ul className="space-y-1" data-testid="version-list">
              {versions.items.map((v) => (
                <li key={v.version}>
                  <button
                    type="button"
                    aria-pressed={v.version === selected}
                    onClick={() => {
                      setChosen(v.version);
                      setAgainst(null);
                    }}
                    className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-[#0b1f33] aria-pressed:bg-slate-100 aria-pressed:font-semibold"
                  >
                    <span className="block text-navy">
                      {t("versionLine", { version: v.version })}
                      {v.version === currentVersion ? ` (${t("versionCurrent")})` : ""}
                    </span>
                    <span className="block text-xs text-slate-600">{formatFrenchDateTime(v.createdAt)}</span>
                    {(v.name ?? v.email) && (
                      <span className="block text-xs break-words text-slate-600" data-testid="version-author">
                        {t("versionBy", { name: v.name ?? v.email ?? "" })}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={versions} label={t("more")} loadingLabel={t("loadingMore")} />
        </Card>
        <Card className="min-w-0 space-y-4 p-4 sm:p-6">
          {selected !== null && detail.data && (
            <>
              <h3 className="text-lg font-semibold text-navy">{compared?.title ?? t("compareTitle", { version: selected })}</h3>
              {previous && (
                <SegmentedChoice<Against>
                  label={t("compareWith")}
                  options={[
                    { value: "previous", label: t("against.previous") },
                    { value: "current", label: t("against.current") },
                  ]}
                  value={mode}
                  onChange={setAgainst}
                  testId="version-against"
                />
              )}
              {mode === "current" && !current && <p className="text-sm text-slate-700">{t("compareDeleted")}</p>}
              <ConflictNotice error={restore.error} onReload={() => void detail.refetch()} />
              {compared ? (
                <Comparison
                  type={type}
                  rows={compared.rows}
                  t={t}
                  sides={compared.sides}
                  unchanged={compared.unchanged}
                  deleted={compared.deleted}
                />
              ) : (
                <p className="text-sm text-slate-700">{t("versionsLoading")}</p>
              )}
              {mayRestore && current && currentVersion !== null && selected !== currentVersion && (
                <Button onClick={() => setConfirming(true)}>
                  <RotateCcw className="size-4" aria-hidden="true" />
                  {t("restore")}
                </Button>
              )}
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title={t("restoreTitle", { version: selected, date: entry ? formatFrenchDateTime(entry.createdAt) : "" })}
                description={t("restoreText")}
                confirmLabel={t("restoreConfirm")}
                cancelLabel={t("cancel")}
                tone="primary"
                busy={restore.isPending}
                onConfirm={() => {
                  if (currentVersion === null) return;
                  restore.mutate(
                    { version: selected, seen: currentVersion },
                    { onSettled: () => setConfirming(false), onSuccess: () => setChosen(null) },
                  );
                }}
              />
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
