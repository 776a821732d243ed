import { type InfiniteData, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiPage, errorMessage } from "./api";
import { feedback } from "./feedback";

/** How a screen tells the admin a mutation ended: the back office's one feedback by default (app/lib/admin/feedback.ts). */
export type Notify = (kind: "success" | "error", message: string) => void;
export const feedbackNotify: Notify = (kind, message) => (kind === "success" ? feedback.success(message) : feedback.error(message));
/** Success in the feedback, failure in the form's alert dialog (the product and page forms, docs/product.md "Produits"). */
export const alertErrors =
  (alert: (message: string) => void): Notify =>
  (kind, message) =>
    kind === "success" ? feedback.success(message) : alert(message);

type Text<TData, TVars> = string | ((data: TData, vars: TVars) => string);

export type AdminMutationOptions<TData, TVars, TSnapshot> = {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** Queries read again after success or failure (lists, dashboard summary…). */
  invalidates: QueryKey[];
  /** Shown after success; omit for silent success. */
  success?: Text<TData, TVars>;
  /** Shown on failure: the server's message when it gave one (`errorMessage`), else this. */
  error: string | ((error: unknown, vars: TVars) => string | null);
  notify?: Notify;
  /** Optimistic change: apply it to the cache and return what `rollback` needs to undo it. */
  optimistic?: { apply: (vars: TVars) => TSnapshot | Promise<TSnapshot>; rollback: (snapshot: TSnapshot) => void };
  onSuccess?: (data: TData, vars: TVars) => void | Promise<void>;
  onError?: (error: unknown, vars: TVars) => void;
};

/**
 * The one mutation pattern of the back office: call, notify, invalidate, and optionally apply the change to the
 * cache first and roll it back when the server refuses.
 */
export function useAdminMutation<TData, TVars, TSnapshot = undefined>(options: AdminMutationOptions<TData, TVars, TSnapshot>) {
  const client = useQueryClient();
  const notify = options.notify ?? feedbackNotify;
  return useMutation<TData, unknown, TVars, { snapshot: TSnapshot } | undefined>({
    mutationFn: options.mutationFn,
    onMutate: async (vars) => {
      if (!options.optimistic) return undefined;
      await Promise.all(options.invalidates.map((queryKey) => client.cancelQueries({ queryKey })));
      return { snapshot: await options.optimistic.apply(vars) };
    },
    onSuccess: async (data, vars) => {
      if (options.success) notify("success", typeof options.success === "function" ? options.success(data, vars) : options.success);
      await options.onSuccess?.(data, vars);
    },
    onError: (error, vars, context) => {
      console.error(error);
      if (context && options.optimistic) options.optimistic.rollback(context.snapshot);
      const message = typeof options.error === "function" ? options.error(error, vars) : errorMessage(error, options.error, "fr");
      if (message) notify("error", message);
      options.onError?.(error, vars);
    },
    onSettled: () => Promise.all(options.invalidates.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * Optimistic change of the rows of a paged list (every cached query under `listKey`, whatever its filters): `apply`
 * rewrites each loaded row (an active switch, or one banner active and the others not) and returns what `rollback`
 * needs to put the pages back when the server refuses.
 */
export function usePagedRowsPatch<T extends { _id: string }>(listKey: QueryKey) {
  const client = useQueryClient();
  type Pages = InfiniteData<ApiPage<T>>;
  return {
    apply: (change: (row: T) => T): [QueryKey, Pages | undefined][] => {
      const previous = client.getQueriesData<Pages>({ queryKey: listKey });
      client.setQueriesData<Pages>({ queryKey: listKey }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) } : data,
      );
      return previous;
    },
    rollback: (previous: [QueryKey, Pages | undefined][]) => {
      for (const [key, data] of previous) client.setQueryData(key, data);
    },
  };
}
