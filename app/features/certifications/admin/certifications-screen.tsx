import { type Certification, formatCertificationDay } from "@shared/schemas/certification";
import { Plus } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { editAction } from "~/components/admin/row-actions";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { feedbackNotify } from "~/lib/admin/mutation";
import { useCertification, useCertifications, useDeleteCertification, useSaveCertification } from "./api";
import { CertificationForm } from "./certification-form";
import { CERTIFICATION_TEXTS } from "./texts";

const TITLE = translate(CERTIFICATION_TEXTS, BACK_OFFICE_LANG, "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

const STATUS_TONE: Record<Certification["status"], BadgeTone> = { valid: "success", expiring: "warning", expired: "danger" };

type FormState = { kind: "closed" } | { kind: "create" } | { kind: "edit"; certification: Certification };

/**
 * "Certifications" (decision 0111): the paged list with each one's status (valide / expire bientôt / expirée) and a
 * search, the create and edit form. `?edit=<id>` (the dashboard's and the media library's links) opens one's form.
 */
export default function CertificationsScreen() {
  const t = useTexts(CERTIFICATION_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const list = useCertifications(q);
  const may = useCan("certification");
  const [params, setParams] = useSearchParams();
  const linked = useCertification(may("update") ? params.get("edit") : null);
  const [form, setForm] = useState<FormState>({ kind: "closed" });
  // The form's blocking message (uploads under way) stays an alert dialog; outcomes go to the one feedback.
  const { alert, element: alertElement } = useAlert(common("alertTitle"));
  const close = () => {
    setForm({ kind: "closed" });
    if (params.has("edit")) setParams({}, { replace: true });
  };
  const save = useSaveCertification(feedbackNotify, close);
  const remove = useDeleteCertification(feedbackNotify);

  useEffect(() => {
    if (linked.data) setForm({ kind: "edit", certification: linked.data });
  }, [linked.data]);

  const openForm = (next: FormState) => {
    save.reset();
    setForm(next);
  };
  const editing = form.kind === "edit" ? form.certification : null;
  const day = (c: Certification) => (c.validUntil ? formatCertificationDay(c.validUntil, BACK_OFFICE_LANG) : t("noEnd"));

  return (
    <div className="space-y-6">
      {form.kind !== "closed" && (
        <CertificationForm
          key={editing?._id ?? "create"}
          certification={editing}
          saving={save.isPending}
          saveError={save.error}
          onSave={(data) => save.mutate({ data, certification: editing })}
          onReloaded={save.reset}
          onCancel={close}
          alert={alert}
        />
      )}
      <Card>
        <ListToolbar
          title={t("listTitle")}
          description={t("intro")}
          search={{ id: "certification-search", label: t("search"), value: search, onChange: setSearch }}
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
          query={{ data: list.items, isPending: list.isPending, error: list.error }}
          texts={{ loading: t("loading"), loadError: t("loadError"), empty: t("empty") }}
          rowTestId="certification-row"
          subject="certification"
          actionsHeader={t("columns.actions")}
          fields={[
            {
              key: "logo",
              header: t("columns.logo"),
              card: "media",
              cell: (c) =>
                c.logoUrl ? <img src={c.logoUrl} alt="" width={40} height={40} className="size-10 object-contain" loading="lazy" /> : null,
            },
            { key: "name", header: t("columns.name"), card: "title", className: "min-w-36 font-medium", cell: (c) => c.nameFr },
            { key: "body", header: t("columns.body"), cell: (c) => c.certifyingBody },
            { key: "validUntil", header: t("columns.validUntil"), cell: day },
            {
              key: "status",
              header: t("columns.status"),
              cell: (c) => <Badge tone={STATUS_TONE[c.status]}>{t(`status.${c.status}`)}</Badge>,
            },
            { key: "products", header: t("columns.products"), className: "tabular-nums", cell: (c) => c.productCount },
          ]}
          actions={[
            editAction<Certification>({
              label: t("edit"),
              ariaLabel: (c) => t("editLabel", { name: c.nameFr }),
              onSelect: (c) => openForm({ kind: "edit", certification: c }),
              scrollToTop: true,
            }),
          ]}
          remove={{
            label: t("delete"),
            ariaLabel: (c) => t("deleteLabel", { name: c.nameFr }),
            title: t("deleteTitle"),
            description: t("deleteConfirm"),
            busy: remove.isPending,
            onConfirm: (c) => remove.mutateAsync(c),
          }}
        />
        <LoadMore
          list={list}
          label={t("more")}
          loadingLabel={t("loadingMore")}
          shown={list.total !== null ? t("shown", { shown: list.items.length, total: list.total }) : null}
        />
      </Card>
      {alertElement}
    </div>
  );
}
