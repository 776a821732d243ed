// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { type Notify, useAdminMutation } from "./mutation";

afterEach(cleanup);

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(["items"], [{ _id: "a", isActive: false }]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const notes: [string, string][] = [];
  const notify: Notify = (kind, message) => notes.push([kind, message]);
  return { client, wrapper, notes, notify };
}

type Item = { _id: string; isActive: boolean };

describe("useAdminMutation, the one mutation pattern of the back office", () => {
  it("applies an optimistic change at once, tells success, and reads the lists again", async () => {
    const { client, wrapper, notes, notify } = setup();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const { result } = renderHook(
      () =>
        useAdminMutation<Item, boolean, Item[] | undefined>({
          mutationFn: async (isActive) => ({ _id: "a", isActive }),
          invalidates: [["items"]],
          success: (item) => (item.isActive ? "Activé" : "Désactivé"),
          error: "Échec",
          notify,
          optimistic: {
            apply: (isActive) => {
              const before = client.getQueryData<Item[]>(["items"]);
              client.setQueryData<Item[]>(["items"], [{ _id: "a", isActive }]);
              return before;
            },
            rollback: (before) => client.setQueryData(["items"], before),
          },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(true));
    expect(client.getQueryData(["items"])).toEqual([{ _id: "a", isActive: true }]);
    expect(notes).toEqual([["success", "Activé"]]);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ["items"] }));
  });

  it("rolls the optimistic change back when the server refuses, and says the refusal's code in French", async () => {
    const { client, wrapper, notes, notify } = setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(
      () =>
        useAdminMutation<Item, boolean, Item[] | undefined>({
          mutationFn: () =>
            Promise.reject(new ApiError(409, "Ce slug est déjà utilisé / This slug is already used", undefined, { code: "slug_taken" })),
          invalidates: [["items"]],
          error: "Échec",
          notify,
          optimistic: {
            apply: (isActive) => {
              const before = client.getQueryData<Item[]>(["items"]);
              client.setQueryData<Item[]>(["items"], [{ _id: "a", isActive }]);
              return before;
            },
            rollback: (before) => client.setQueryData(["items"], before),
          },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(true).catch(() => undefined));
    expect(client.getQueryData(["items"])).toEqual([{ _id: "a", isActive: false }]);
    expect(notes).toEqual([["error", "Ce slug est déjà utilisé"]]);
  });

  it("falls back to the screen's own message when the failure carries none", async () => {
    const { wrapper, notes, notify } = setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(
      () =>
        useAdminMutation<void, void>({
          mutationFn: () => Promise.reject(new TypeError("fetch failed")),
          invalidates: [],
          error: "Échec",
          notify,
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(notes).toEqual([["error", "Échec"]]);
  });
});
