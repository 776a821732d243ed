import type { Lang } from "@shared/company";
import type { Partner } from "@shared/schemas/partner";
import { ExternalLink, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { activeSwitchField, editAction } from "~/components/admin/row-actions";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { ScreenLang, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { feedback } from "~/lib/admin/feedback";
import { feedbackNotify } from "~/lib/admin/mutation";
import { useDeletePartner, usePartners, useSavePartner, useSetPartnerActive } from "./api";
import { PartnerForm } from "./partner-form";
import { PartnerLogo } from "./partner-logo";
import { PARTNER_TEXTS } from "./texts";

/** The partners screen is in English (docs/product.md, "Languages"), its title too. */
const SCREEN_LANG: Lang = "en";
const TITLE = translate(PARTNER_TEXTS, SCREEN_LANG, "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

/** docs/product.md, "Partenaires": the form is closed, in create mode, or in edit mode for one partner. */
type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; partner: Partner };

export default function PartnerManagement() {
  return (
    <ScreenLang lang={SCREEN_LANG}>
      <PartnersScreen />
    </ScreenLang>
  );
}

function PartnersScreen() {
  const t = useTexts(PARTNER_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const partners = usePartners();
  const may = useCan("partner");
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  // The form's blocking message (uploads under way) stays an alert dialog.
  const { alert, element: alertElement } = useAlert(common("alertTitle"));
  // docs/product.md, "Partenaires": successes and failures in the one feedback (failures as an alert).
  const save = useSavePartner(feedbackNotify, () => setForm({ kind: "closed" }));
  const setActive = useSetPartnerActive(feedbackNotify);
  const remove = useDeletePartner(feedbackNotify);
  // The server's order (order index, then name): the pages follow it, so the screen keeps it.
  const list = partners.items;

  useEffect(() => {
    if (partners.error) {
      console.error(partners.error);
      feedback.error(t("loadError"));
    }
  }, [partners.error, t]);

  const openForm = (next: FormState) => {
    save.reset();
    setForm(next);
  };
  const editing = form.kind === "edit" ? form.partner : null;

  return (
    <div lang={lang} className="space-y-6">
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
        <ListToolbar
          title={t("listTitle")}
          description={t("intro")}
          add={
            form.kind !== "closed" || !may("create") ? null : (
              <Button onClick={() => openForm({ kind: "create" })}>
                <Plus className="size-4" aria-hidden="true" />
                {t("add")}
              </Button>
            )
          }
        />
        <ListScreen
          query={{ data: list, isPending: partners.isPending, error: partners.error }}
          texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("empty") }}
          rowTestId="partner-row"
          subject="partner"
          actionsHeader={t("columns.actions")}
          fields={[
            {
              key: "logo",
              header: t("columns.logo"),
              card: "media",
              cell: (partner) => <PartnerLogo src={partner.logoUrl} name={partner.name} />,
            },
            { key: "name", header: t("columns.name"), card: "title", className: "min-w-36 font-medium", cell: (partner) => partner.name },
            {
              key: "website",
              header: t("columns.website"),
              cell: (partner) => (
                <a
                  href={partner.websiteUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-algae underline underline-offset-4 hover:no-underline"
                  aria-label={t("visitLabel", { name: partner.name })}
                >
                  {t("visit")}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              ),
            },
            {
              key: "order",
              header: t("columns.order"),
              className: "tabular-nums",
              // Its place in the order, from 1 like the categories' (the stored index, from 0, is the form's "Order Index").
              cell: (partner) => list.findIndex((p) => p._id === partner._id) + 1,
            },
            activeSwitchField({
              header: t("columns.status"),
              label: (partner) => t("toggleLabel", { name: partner.name }),
              onText: t("active"),
              offText: t("inactive"),
              onToggle: setActive.mutate,
            }),
          ]}
          actions={[
            editAction<Partner>({
              label: t("edit"),
              ariaLabel: (partner) => t("editLabel", { name: partner.name }),
              onSelect: (partner) => openForm({ kind: "edit", partner }),
              scrollToTop: true,
            }),
          ]}
          remove={{
            label: t("delete"),
            ariaLabel: (partner) => t("deleteLabel", { name: partner.name }),
            title: t("deleteTitle"),
            description: t("deleteConfirm"),
            busy: remove.isPending,
            onConfirm: (partner) => remove.mutateAsync(partner),
          }}
        />
        <LoadMore
          list={partners}
          label={t("more")}
          loadingLabel={t("loadingMore")}
          shown={partners.total !== null ? t("shown", { shown: list.length, total: partners.total }) : null}
        />
      </Card>
      {alertElement}
    </div>
  );
}
