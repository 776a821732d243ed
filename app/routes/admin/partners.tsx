import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { PartnerForm } from "~/components/admin/partner-form";
import { PartnerLogo } from "~/components/admin/partner-logo";
import { ResponsiveList } from "~/components/admin/responsive-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ItemConfirmDialog, useAlert } from "~/components/ui/dialog";
import { PAGE_TITLES, PARTNER_TEXTS as T } from "~/i18n/admin/texts";
import { api } from "~/lib/admin/api";
import { usePartners } from "~/lib/admin/queries";
import { queryKeys } from "~/lib/admin/query-keys";
import type { Partner, PartnerData } from "../../../shared/schemas/partner";

export const meta = () => adminMeta(PAGE_TITLES.partners);
export const handle: AdminHandle = { title: PAGE_TITLES.partners };

/** SPEC §4: the form is closed, in create mode, or in edit mode for one partner. */
type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; partner: Partner };

export default function PartnerManagement() {
  const client = useQueryClient();
  const partners = usePartners();
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  const [toDelete, setToDelete] = useState<Partner | null>(null);
  const { alert, element: alertElement } = useAlert(T.noticeTitle);
  const list = [...(partners.data ?? [])].sort((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name));

  useEffect(() => {
    if (partners.error) {
      console.error(partners.error);
      alert(T.loadError, T.errorTitle);
    }
  }, [partners.error, alert]);

  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.partners });

  const save = useMutation({
    mutationFn: ({ data, partner }: { data: PartnerData; partner: Partner | null }) =>
      partner ? api.put<Partner>(`/partners/${partner._id}`, data) : api.post<Partner>("/partners", data),
    onSuccess: async (_saved, { partner }) => {
      setForm({ kind: "closed" });
      alert(partner ? T.updated : T.created, T.successTitle);
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      alert(T.saveError, T.errorTitle);
    },
  });

  const remove = useMutation({
    mutationFn: (partner: Partner) => api.delete(`/partners/${partner._id}`),
    onSuccess: async () => {
      setToDelete(null);
      alert(T.deleted, T.successTitle);
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      setToDelete(null);
      alert(T.deleteError, T.errorTitle);
    },
  });

  const formOpen = form.kind !== "closed";

  const statusBadge = (partner: Partner) => (partner.isActive ? <Badge tone="success">{T.active}</Badge> : <Badge>{T.inactive}</Badge>);

  const visitLink = (partner: Partner) => (
    <a
      href={partner.websiteUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-algae underline underline-offset-4 hover:no-underline"
      aria-label={T.visitLabel(partner.name)}
    >
      {T.visit}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );

  const actions = (partner: Partner) => (
    <div className="flex justify-end gap-1.5 whitespace-nowrap max-md:justify-start">
      <Button
        variant="ghost"
        size="sm"
        aria-label={T.editLabel(partner.name)}
        onClick={() => {
          setForm({ kind: "edit", partner });
          window.scrollTo({ top: 0, behavior: "smooth" });
        }}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {T.edit}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={T.deleteLabel(partner.name)}
        onClick={() => setToDelete(partner)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {T.delete}
      </Button>
    </div>
  );

  return (
    <div lang="en" className="space-y-6">
      {formOpen && (
        <PartnerForm
          key={form.kind === "edit" ? form.partner._id : "create"}
          partner={form.kind === "edit" ? form.partner : null}
          saving={save.isPending}
          onSave={(data) => save.mutate({ data, partner: form.kind === "edit" ? form.partner : null })}
          onCancel={() => setForm({ kind: "closed" })}
          alert={alert}
        />
      )}

      <Card>
        <CardHeader
          title={T.listTitle}
          description={T.intro}
          actions={
            formOpen ? null : (
              <Button onClick={() => setForm({ kind: "create" })}>
                <Plus className="size-4" aria-hidden="true" />
                {T.add}
              </Button>
            )
          }
        />
        {partners.isPending ? (
          <Loading label={T.loading} />
        ) : list.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600">{T.empty}</p>
        ) : (
          <ResponsiveList
            items={list}
            rowTestId="partner-row"
            cardClassName="flex gap-3"
            card={(partner) => (
              <>
                <PartnerLogo src={partner.logoUrl} name={partner.name} />
                <div className="min-w-0 flex-1 space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-medium text-navy">{partner.name}</p>
                    {statusBadge(partner)}
                  </div>
                  <p className="flex items-center gap-3 text-sm text-slate-600">
                    {visitLink(partner)}
                    <span>
                      {T.columns.order}: <span className="tabular-nums">{partner.orderIndex}</span>
                    </span>
                  </p>
                  {actions(partner)}
                </div>
              </>
            )}
            columns={[
              { key: "logo", header: T.columns.logo, cell: (partner) => <PartnerLogo src={partner.logoUrl} name={partner.name} /> },
              { key: "name", header: T.columns.name, className: "min-w-36 font-medium", cell: (partner) => partner.name },
              { key: "website", header: T.columns.website, cell: visitLink },
              { key: "order", header: T.columns.order, className: "tabular-nums", cell: (partner) => partner.orderIndex },
              { key: "status", header: T.columns.status, cell: statusBadge },
              { key: "actions", header: T.columns.actions, cell: actions },
            ]}
          />
        )}
      </Card>

      <ItemConfirmDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title={T.deleteTitle}
        description={T.deleteConfirm}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
      />
      {alertElement}
    </div>
  );
}
