import { Button } from "~/components/ui/button";

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/**
 * The foot of a paged list (decision 0092): how many rows are shown out of how many, and "Charger plus" while a next
 * page exists. Nothing once everything is loaded.
 */
export function LoadMore({
  list,
  label,
  loadingLabel,
  shown,
}: {
  list: PagedList;
  label: string;
  loadingLabel: string;
  shown?: string | null;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 p-4">
      {shown && <span className="text-sm text-slate-600">{shown}</span>}
      <Button variant="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {list.isFetchingNextPage ? loadingLabel : label}
      </Button>
    </div>
  );
}
