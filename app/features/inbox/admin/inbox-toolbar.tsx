import { LIMITS } from "@shared/limits";
import { REQUEST_TYPE_NAMES, REQUEST_TYPES, type RequestType } from "@shared/quote-request";
import { INBOX_FILTERS, INBOX_FOLDERS, type InboxFilter, type InboxFolder } from "@shared/schemas/contact";
import { THREAD_STATE_LABELS, THREAD_STATES, type ThreadState } from "@shared/thread-states";
import { Download, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { ToolbarSearchField } from "~/components/admin/list-toolbar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";
import { INBOX_TEXTS } from "./texts";

/** The search reaches the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

/** One choice of the "Afficher" filter: everything or one filter. */
export type FilterChoice = InboxFilter | "all";
/** The state select: every state, or the conversations in one state. */
export type StateChoice = ThreadState | "";

export const isThreadState = (value: string | null | undefined): value is ThreadState =>
  (THREAD_STATES as readonly string[]).includes(value ?? "");
export const isInboxFilter = (value: string | null | undefined): value is InboxFilter =>
  (INBOX_FILTERS as readonly string[]).includes(value ?? "");

/** The filters in the order a reader looks for them: what needs us first, then the outbox's and the bounces' lists. */
const FILTERS: readonly InboxFilter[] = ["unread", "waiting", "replied", "pending", "undeliverable"];

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
 * The search and the CSV export, then one row of compact selects: the folder, "Afficher" (Tous, Non lus, À traiter,
 * Avec réponse, En attente d'envoi, Non distribuables), the conversation state and the request type. They combine; the
 * export takes the messages they keep. On a phone the selects fold under "Filtres" (saying how many are on), so the
 * list starts right below the search.
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
  const panelId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const active = [folder !== "inbox", filter !== "all", state !== "", requestType !== ""].filter(Boolean).length;

  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <Card className="space-y-3 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-end gap-3">
        <ToolbarSearchField
          className="min-w-0 flex-1 basis-full sm:basis-64"
          search={{
            id: "inbox-search",
            label: t("tools.searchLabel"),
            value: text,
            onChange: setText,
            placeholder: t("tools.searchPlaceholder"),
            maxLength: LIMITS.inboxSearchMax,
          }}
        />
        <Button
          variant="outline"
          size="sm"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {active > 0 ? t("tools.filtersActive", { count: active }) : t("tools.filtersToggle")}
        </Button>
        {onExport && (
          <Button variant="outline" size="sm" onClick={onExport} loading={exporting} className="sm:shrink-0">
            <Download className="size-4" aria-hidden="true" />
            {exporting ? t("tools.exporting") : t("tools.exportCsv")}
          </Button>
        )}
      </div>
      <div id={panelId} className={cn("grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4", !open && "max-sm:hidden")}>
        <LabelledSelect
          className="min-w-0"
          id="inbox-folder"
          label={t("folder.label")}
          value={folder}
          options={INBOX_FOLDERS.map((value) => ({ value, label: t(`folder.${value}`) }))}
          onChange={onFolder}
          testId="inbox-folders"
        />
        <LabelledSelect
          className="min-w-0"
          id="inbox-filter"
          label={t("tools.filterLabel")}
          value={filter}
          options={[
            { value: "all" as const, label: t("tools.filters.all") },
            ...FILTERS.map((value) => ({ value, label: t(`tools.filters.${value}`) })),
          ]}
          onChange={onFilter}
          testId="inbox-filters"
        />
        <LabelledSelect
          className="min-w-0"
          id="inbox-state"
          label={t("tools.stateFilter")}
          value={state}
          options={[
            { value: "" as const, label: t("tools.stateAll") },
            ...THREAD_STATES.map((value) => ({ value, label: THREAD_STATE_LABELS[value][lang] })),
          ]}
          onChange={onState}
          testId="inbox-state"
        />
        <LabelledSelect
          className="min-w-0"
          id="inbox-request-type"
          label={t("tools.requestTypeLabel")}
          value={requestType}
          options={[
            { value: "" as const, label: t("tools.requestTypeAll") },
            ...REQUEST_TYPES.map((type) => ({ value: type, label: REQUEST_TYPE_NAMES[type][lang] })),
          ]}
          onChange={onRequestType}
        />
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
    </Card>
  );
}
