import { HISTORY_TYPES, type HistoryEntry } from "@shared/schemas/admin-security";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { adminMeta } from "~/components/admin/meta";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Select } from "~/components/ui/field";
import { useAdmins, useHistory } from "~/features/administrators/admin/admins-api";
import { SECURITY_TITLES, HISTORY_TEXTS as T } from "~/features/administrators/admin/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";

export const meta = () => adminMeta(SECURITY_TITLES.history);
export const handle: AdminHandle = { title: SECURITY_TITLES.history };

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

/** "Historique": every admin change (who, what, which item, when), filterable by administrator and by type. */
export default function AdminHistory() {
  const [filters, setFilters] = useState({ userId: "", type: "" });
  const admins = useAdmins();
  const history = useHistory(filters);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">{T.intro}</p>
      <Card>
        <div className="grid gap-4 border-b border-slate-200 p-5 sm:grid-cols-2 sm:p-6">
          <Field label={T.filterAdmin} htmlFor="history-admin">
            <Select id="history-admin" value={filters.userId} onChange={(e) => setFilters((f) => ({ ...f, userId: e.target.value }))}>
              <option value="">{T.all}</option>
              {admins.data?.users.map((u) => (
                <option key={u._id} value={u._id}>
                  {u.email}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={T.filterType} htmlFor="history-type">
            <Select id="history-type" value={filters.type} onChange={(e) => setFilters((f) => ({ ...f, type: e.target.value }))}>
              <option value="">{T.all}</option>
              {HISTORY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {label(T.types, type)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <ListScreen<HistoryEntry>
          query={{ data: items, isPending: history.isPending, error: history.error }}
          texts={{ loading: T.loading, loadError: T.loadError, empty: T.empty }}
          rowTestId="history-row"
          actionsHeader=""
          fields={[
            {
              key: "when",
              header: T.colWhen,
              card: "title",
              cell: (e) => <span className="whitespace-nowrap">{formatFrenchDateTime(e.createdAt)}</span>,
            },
            { key: "type", header: T.colType, card: "badge", cell: (e) => <Badge tone="info">{label(T.types, e.entityType)}</Badge> },
            { key: "action", header: T.colAction, cell: (e) => label(T.actions, e.action) },
            { key: "item", header: T.colItem, cell: (e) => <span className="break-words">{e.label ?? e.entityId ?? "—"}</span> },
            { key: "who", header: T.colWho, cell: (e) => <span className="break-words">{e.email}</span> },
          ]}
        />
        {history.hasNextPage && (
          <div className="border-t border-slate-200 p-4 text-center">
            <Button variant="outline" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {history.isFetchingNextPage ? T.loadingMore : T.more}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
