import { LIMITS } from "@shared/limits";
import { REQUEST_TYPE_NAMES, REQUEST_TYPES, type RequestType } from "@shared/quote-request";
import { INBOX_FILTERS, INBOX_FOLDERS, type InboxFilter, type InboxFolder } from "@shared/schemas/contact";
import { THREAD_STATE_LABELS, THREAD_STATES, type ThreadState } from "@shared/thread-states";
import { Download, Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { SegmentedChoice } from "~/components/admin/segmented-choice";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Select } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { INBOX_TEXTS } from "./texts";

/** The search reaches the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

/** One choice of the filter chips: everything or one filter. */
export type FilterChoice = InboxFilter | "all";
/** The state select: every state, or the conversations in one state. */
export type StateChoice = ThreadState | "";

export const isThreadState = (value: string | null | undefined): value is ThreadState =>
  (THREAD_STATES as readonly string[]).includes(value ?? "");
export const isInboxFilter = (value: string | null | undefined): value is InboxFilter =>
  (INBOX_FILTERS as readonly string[]).includes(value ?? "");

/** The chips in the order a reader looks for them: what needs us first, then the outbox's and the bounces' lists. */
const CHIP_FILTERS: readonly InboxFilter[] = ["unread", "waiting", "replied", "pending", "undeliverable"];

type InboxToolbarProps = {
  filter: FilterChoice;
  onFilter: (filter: FilterChoice) => void;
  state: StateChoice;
  onState: (state: StateChoice) => void;
  onSearch: (q: string) => void;
  /** Absent for a role that may not export the messages. */
  onExport?: () => void;
  exporting: boolean;
  folder: InboxFolder;
  onFolder: (folder: InboxFolder) => void;
  requestType: RequestType | "";
  onRequestType: (type: RequestType | "") => void;
  /** The product filter, set from a message ("Messages sur ce produit"), and how to clear it. */
  product: { id: string; name: string } | null;
  onClearProduct: () => void;
};

/**
 * Search box and CSV export, the folder, the filter chips (Tous, Non lus, À traiter, Avec réponse, En attente d'envoi,
 * Non distribuables), then the selects: the conversation state (in its order) and the request type. A filter and a
 * state combine; the export takes the messages they keep (the list says how many are shown).
 */
export function InboxToolbar({
  filter,
  onFilter,
  state,
  onState,
  onSearch,
  onExport,
  exporting,
  folder,
  onFolder,
  requestType,
  onRequestType,
  product,
  onClearProduct,
}: InboxToolbarProps) {
  const t = useTexts(INBOX_TEXTS);
  const lang = useScreenLang();
  const folderOptions = INBOX_FOLDERS.map((value) => ({ value, label: t(`folder.${value}`) }));
  const [text, setText] = useState("");
  const filterOptions: { value: FilterChoice; label: string }[] = [
    { value: "all", label: t("tools.filters.all") },
    ...CHIP_FILTERS.map((value) => ({ value, label: t(`tools.filters.${value}`) })),
  ];

  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <Card className="space-y-3 px-4 py-4 sm:px-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="inbox-search" className="mb-1.5 block text-sm font-medium text-navy">
            {t("tools.searchLabel")}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              id="inbox-search"
              type="search"
              value={text}
              maxLength={LIMITS.inboxSearchMax}
              placeholder={t("tools.searchPlaceholder")}
              className="pl-9"
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        {onExport && (
          <Button variant="outline" onClick={onExport} loading={exporting} className="sm:shrink-0">
            <Download className="size-4" aria-hidden="true" />
            {exporting ? t("tools.exporting") : t("tools.exportCsv")}
          </Button>
        )}
      </div>
      <SegmentedChoice label={t("folder.label")} options={folderOptions} value={folder} onChange={onFolder} testId="inbox-folders" />
      <SegmentedChoice label={t("tools.filterLabel")} options={filterOptions} value={filter} onChange={onFilter} testId="inbox-filters" />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-auto">
          <label htmlFor="inbox-state" className="mb-1.5 block text-sm font-medium text-navy">
            {t("tools.stateFilter")}
          </label>
          <Select
            id="inbox-state"
            value={state}
            data-testid="inbox-state"
            onChange={(e) => onState(isThreadState(e.target.value) ? e.target.value : "")}
          >
            <option value="">{t("tools.stateAll")}</option>
            {THREAD_STATES.map((value) => (
              <option key={value} value={value}>
                {THREAD_STATE_LABELS[value][lang]}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-full min-w-0 sm:w-auto">
          <label htmlFor="inbox-request-type" className="mb-1.5 block text-sm font-medium text-navy">
            {t("tools.requestTypeLabel")}
          </label>
          <Select
            id="inbox-request-type"
            value={requestType}
            onChange={(e) =>
              onRequestType((REQUEST_TYPES as readonly string[]).includes(e.target.value) ? (e.target.value as RequestType) : "")
            }
          >
            <option value="">{t("tools.requestTypeAll")}</option>
            {REQUEST_TYPES.map((type) => (
              <option key={type} value={type}>
                {REQUEST_TYPE_NAMES[type][lang]}
              </option>
            ))}
          </Select>
        </div>
        {product && (
          <p
            className="inline-flex items-center gap-1 rounded-full bg-teal/10 py-1 pr-1 pl-3 text-sm font-medium text-navy"
            data-testid="inbox-product-filter"
          >
            {t("tools.productFilter", { name: product.name })}
            <Button variant="ghost" size="sm" onClick={onClearProduct} aria-label={t("tools.clearProduct", { name: product.name })}>
              <X className="size-4" aria-hidden="true" />
            </Button>
          </p>
        )}
      </div>
    </Card>
  );
}
