import { formatCertificationDay } from "@shared/schemas/certification";
import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { useCertificationWarnings } from "./api";
import { CERTIFICATION_TEXTS } from "./texts";

/**
 * The dashboard's warning (decision 0111): attached certifications that expire within 30 days, or have expired and are
 * still attached, each linking to its form (to the list for a role that may not edit them). Nothing at all when there are none (nor while loading or on an error).
 */
export function CertificationExpiryCard() {
  const t = useTexts(CERTIFICATION_TEXTS);
  const warnings = useCertificationWarnings();
  // A role that may not edit them is led to the list.
  const editable = useCan("certification")("update");
  const rows = warnings.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card className="border-amber-300" data-testid="certification-warnings">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <AlertTriangle className="size-5 text-amber-700" aria-hidden="true" />
            {t("card.title")}
          </span>
        }
        description={t("card.description")}
      />
      <ul className="divide-y divide-slate-200">
        {rows.map((row) => {
          const date = formatCertificationDay(row.validUntil, BACK_OFFICE_LANG);
          const when =
            row.status === "expired"
              ? t("card.expired", { date })
              : row.daysLeft === 0
                ? t("card.today", { date })
                : t("card.expiring", { date, days: row.daysLeft });
          return (
            <li key={row._id} className="flex flex-wrap items-center gap-3 px-5 py-3 text-sm">
              <Link
                to={editable ? `/admin/certifications?edit=${row._id}` : "/admin/certifications"}
                className="font-semibold text-navy underline underline-offset-4 hover:no-underline"
              >
                {row.nameFr}
              </Link>
              <Badge tone={row.status === "expired" ? "danger" : "warning"}>{t(`status.${row.status}`)}</Badge>
              <span className="text-slate-700">{when}</span>
              <span className="text-slate-600">{t("card.products", { count: row.productCount })}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
