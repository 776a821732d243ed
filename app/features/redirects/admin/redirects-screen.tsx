import type { MissingPath, Redirect } from "@shared/schemas/redirect";
import { CornerDownRight, EyeOff, Plus } from "lucide-react";
import { type FormEvent, useDeferredValue, useRef, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { useAddRedirect, useDeleteRedirect, useDismissMissing, useMissingPaths, useRedirects } from "./api";
import { REDIRECT_TEXTS } from "./texts";

const TITLE = translate(REDIRECT_TEXTS, BACK_OFFICE_LANG, "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

type MissingRow = MissingPath & { _id: string };

/**
 * "Redirections": the redirects (slug changes and manual ones), searched by path, added and deleted; and the missing
 * pages most requested first, each redirected (the form is filled with its path) or dismissed.
 */
export default function RedirectsScreen() {
  const t = useTexts(REDIRECT_TEXTS);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [tab, setTab] = useState("redirects");
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const toInput = useRef<HTMLInputElement>(null);
  const redirects = useRedirects(q);
  const missing = useMissingPaths();
  const add = useAddRedirect(() => {
    setFrom("");
    setTo("");
  });
  const remove = useDeleteRedirect();
  const dismiss = useDismissMissing();
  const missingRows: MissingRow[] = missing.items.map((row) => ({ ...row, _id: row.path }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ fromPath: from, toPath: to });
  };

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      <Card>
        <CardHeader title={t("formTitle")} />
        <form className="grid gap-4 p-5 sm:p-6 md:grid-cols-[1fr_1fr_auto] md:items-start" onSubmit={submit}>
          <Field label={t("from")} htmlFor="redirect-from" required hint={t("pathHint")}>
            <Input
              id="redirect-from"
              required
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              placeholder="/ancienne-page"
              aria-describedby="redirect-from-hint"
              autoComplete="off"
            />
          </Field>
          <Field label={t("to")} htmlFor="redirect-to" required>
            <Input
              id="redirect-to"
              ref={toInput}
              required
              value={to}
              onChange={(e) => setTo(e.target.value)}
              placeholder="/contact"
              autoComplete="off"
            />
          </Field>
          <Button type="submit" className="md:mt-7" loading={add.isPending}>
            <Plus className="size-4" aria-hidden="true" />
            {t("add")}
          </Button>
        </form>
      </Card>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="redirects">{t("tabs.redirects", { count: redirects.total ?? 0 })}</TabsTrigger>
          <TabsTrigger value="missing">{t("tabs.missing", { count: missing.total ?? 0 })}</TabsTrigger>
        </TabsList>

        <TabsContent value="redirects">
          <Card>
            <ListToolbar search={{ id: "redirect-search", label: t("search"), value: search, onChange: setSearch }} />
            <ListScreen<Redirect>
              query={{ data: redirects.items, isPending: redirects.isPending, error: redirects.error }}
              texts={{ loading: t("loading"), loadError: t("loadError"), empty: q ? t("noMatch") : t("empty") }}
              rowTestId="redirect-row"
              subject="redirect"
              actionsHeader={t("colActions")}
              fields={[
                { key: "from", header: t("colFrom"), card: "title", cell: (r) => <code className="break-all">{r.fromPath}</code> },
                {
                  key: "kind",
                  header: t("colKind"),
                  card: "badge",
                  cell: (r) => (
                    <Badge tone={r.kind === "auto" ? "info" : "neutral"}>{t(r.kind === "auto" ? "kind.auto" : "kind.manual")}</Badge>
                  ),
                },
                { key: "to", header: t("colTo"), cell: (r) => <code className="break-all">{r.toPath}</code> },
                {
                  key: "hits",
                  header: t("colHits"),
                  cell: (r) => (
                    <span>
                      {r.hits}
                      {r.lastHitAt && (
                        <span className="block text-xs text-slate-600">{t("lastHit", { date: formatFrenchDateTime(r.lastHitAt) })}</span>
                      )}
                    </span>
                  ),
                },
                {
                  key: "created",
                  header: t("colCreated"),
                  cell: (r) => <span className="whitespace-nowrap">{formatFrenchDateTime(r.createdAt)}</span>,
                },
              ]}
              remove={{
                label: t("delete"),
                ariaLabel: (r) => t("deleteAria", { path: r.fromPath }),
                title: t("deleteTitle"),
                description: (r) => t("deleteDescription", { path: r.fromPath, to: r.toPath }),
                cancelLabel: t("cancel"),
                busy: remove.isPending,
                onConfirm: (r) => remove.mutateAsync(r),
              }}
            />
            <LoadMore list={redirects} label={t("more")} loadingLabel={t("loadingMore")} />
          </Card>
        </TabsContent>

        <TabsContent value="missing">
          <Card>
            <ListToolbar description={t("missingIntro")} />
            <ListScreen<MissingRow>
              query={{ data: missingRows, isPending: missing.isPending, error: missing.error }}
              texts={{ loading: t("missingLoading"), loadError: t("missingLoadError"), empty: t("missingEmpty") }}
              rowTestId="missing-row"
              actionsHeader={t("colActions")}
              fields={[
                { key: "path", header: t("colPath"), card: "title", cell: (m) => <code className="break-all">{m.path}</code> },
                { key: "count", header: t("colCount"), cell: (m) => m.hits },
                {
                  key: "last",
                  header: t("colLastSeen"),
                  cell: (m) => <span className="whitespace-nowrap">{formatFrenchDateTime(m.lastSeenAt)}</span>,
                },
              ]}
              actions={[
                {
                  key: "redirect",
                  label: t("redirect"),
                  ariaLabel: (m) => t("redirectAria", { path: m.path }),
                  icon: CornerDownRight,
                  variant: "outline",
                  onSelect: (m) => {
                    setFrom(m.path);
                    toInput.current?.focus();
                  },
                },
              ]}
              remove={{
                label: t("dismiss"),
                ariaLabel: (m) => t("dismissAria", { path: m.path }),
                icon: EyeOff,
                title: t("dismissTitle"),
                description: (m) => t("dismissDescription", { path: m.path }),
                cancelLabel: t("cancel"),
                busy: dismiss.isPending,
                onConfirm: (m) => dismiss.mutateAsync(m),
              }}
            />
            <LoadMore list={missing} label={t("more")} loadingLabel={t("loadingMore")} />
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
