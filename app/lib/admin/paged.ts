import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPage } from "./api";

/**
 * A paged list of a screen (decision 0092): the first page from `firstPath`, the next ones from each page's `Link`
 * header on `fetchNextPage()` ("Charger plus"). A new query key (a new search) starts again from the first page and
 * cancels the request still running for the old one.
 */
export function usePagedList<S extends z.ZodType>(queryKey: QueryKey, firstPath: string, rowSchema: S, enabled = true) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiPage(pageParam, rowSchema, signal),
    initialPageParam: firstPath,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    /** Every row loaded so far, in the list's order. */
    items: pages.flatMap((page) => page.items),
    /** How many rows the list holds in all (counted by the server), or null before the first page. */
    total: pages[0]?.total ?? null,
  };
}
