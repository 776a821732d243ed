import type { Partner } from "@shared/schemas/partner";
import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ActiveSwitch } from "~/components/admin/active-switch";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { PAGE_TITLES } from "~/i18n/admin/texts";
import { ScreenLang } from "~/i18n/screen-lang";
import type { Notify } from "~/lib/admin/mutation";
import { useDeletePartner, usePartners, useSavePartner, useSetPartnerActive } from "./api";
import { PartnerForm } from "./partner-form";
import { PartnerLogo } from "./partner-logo";
import { PARTNER_TEXTS as T } from "./texts";

export const meta = () => adminMeta(PAGE_TITLES.partners);
export const handle: AdminHandle = { title: PAGE_TITLES.partners };

/** docs/product.md, "Partenaires": the form is closed, in create mode, or in edit mode for one partner. */
type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; partner: Partner };

/** The partners screen is in English (docs/product.md, "Languages"). */
export default function PartnerManagement() {
  return (
    <ScreenLang lang="en">
      <PartnersScreen />
    </ScreenLang>
  );
}

function PartnersScreen() {
  const partners = usePartners();
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  const { alert, element: alertElement } = useAlert(T.noticeTitle);
  // docs/product.md, "Partenaires": this screen's successes and failures are alerts.
  const notify: Notify = (kind, message) => alert(message, kind === "success" ? T.successTitle : T.errorTitle);
  const save = useSavePartner(notify, () => setForm({ kind: "closed" }));
  const setActive = useSetPartnerActive(notify);
  const remove = useDeletePartner(notify);
  const list = [...(partners.data ?? [])].sort((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name));

  useEffect(() => {
    if (partners.error) {
      console.error(partners.error);
      alert(T.loadError, T.errorTitle);
    }
  }, [partners.error, alert]);

  const openForm = (next: FormState) => {
    save.reset();
    setForm(next);
  };
  const editing = form.kind === "edit" ? form.partner : null;

  return (
    <div lang="en" className="space-y-6">
      {form.kind !== "closed" && (
        <PartnerForm
          key={editing?._id ?? "create"}
          partner={editing}
          saving={save.isPending}
          saveError={save.error}
          onSave={(data) => save.mutate({ data, partner: editing })}
          onReloaded={save.reset}
          onCancel={() => setForm({ kind: "closed" })}
          alert={alert}
        />
      )}

      <Card>
        <CardHeader
          title={T.listTitle}
          description={T.intro}
          actions={
            form.kind !== "closed" ? null : (
              <Button onClick={() => openForm({ kind: "create" })}>
                <Plus className="size-4" aria-hidden="true" />
                {T.add}
              </Button>
            )
          }
        />
        <ListScreen
          query={partners}
          items={list}
          texts={{ loading: T.loading, loadError: T.loadError, empty: T.empty }}
          rowTestId="partner-row"
          actionsHeader={T.columns.actions}
          fields={[
            {
              key: "logo",
              header: T.columns.logo,
              card: "media",
              cell: (partner) => <PartnerLogo src={partner.logoUrl} name={partner.name} />,
            },
            { key: "name", header: T.columns.name, card: "title", className: "min-w-36 font-medium", cell: (partner) => partner.name },
            {
              key: "website",
              header: T.columns.website,
              cell: (partner) => (
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
              ),
            },
            {
              key: "order",
              header: T.columns.order,
              className: "tabular-nums",
              cell: (partner) => partner.orderIndex,
            },
            {
              key: "status",
              header: T.columns.status,
              cell: (partner) => (
                <ActiveSwitch
                  checked={partner.isActive}
                  label={T.toggleLabel(partner.name)}
                  onText={T.active}
                  offText={T.inactive}
                  onToggle={(isActive) => setActive.mutate({ item: partner, isActive })}
                />
              ),
            },
          ]}
          actions={[
            {
              key: "edit",
              label: T.edit,
              icon: Pencil,
              ariaLabel: (partner) => T.editLabel(partner.name),
              onSelect: (partner) => {
                openForm({ kind: "edit", partner });
                window.scrollTo({ top: 0, behavior: "smooth" });
              },
            },
          ]}
          remove={{
            label: T.delete,
            icon: Trash2,
            ariaLabel: (partner) => T.deleteLabel(partner.name),
            title: T.deleteTitle,
            description: T.deleteConfirm,
            cancelLabel: T.cancel,
            busy: remove.isPending,
            onConfirm: (partner) => remove.mutateAsync(partner),
          }}
        />
      </Card>
      {alertElement}
    </div>
  );
}
