import * as RadixDialog from "@radix-ui/react-dialog";
import { ROLE_LABELS, ROLES, type Role, roleSchema } from "@shared/roles";
import type { AdminAccount } from "@shared/schemas/admin-security";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DialogShell } from "~/components/ui/dialog";
import { Field, Select } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** The three roles as a select's options, in the screen's language. */
export function RoleOptions() {
  const lang = useScreenLang();
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role][lang]}
    </option>
  ));
}

/** Asks which role to give `admin` (open while it is set), then `onConfirm` with it; the dialog stays until it settles. */
export function RoleDialog({
  admin,
  busy,
  onClose,
  onConfirm,
}: {
  admin: AdminAccount | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (admin: AdminAccount, role: Role) => void;
}) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const [chosen, setChosen] = useState<{ id: string; role: Role } | null>(null);
  const role = chosen && chosen.id === admin?._id ? chosen.role : admin?.role;
  return (
    <DialogShell
      open={admin !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={admin ? t("users.changeRoleTitle", { email: admin.email }) : ""}
      description={t("users.changeRoleText")}
    >
      {admin && (
        <Field label={t("users.newRole")} htmlFor="role-change" className="w-full">
          <Select
            id="role-change"
            value={role}
            onChange={(event) => {
              const next = roleSchema.safeParse(event.target.value);
              if (next.success) setChosen({ id: admin._id, role: next.data });
            }}
          >
            <RoleOptions />
          </Select>
        </Field>
      )}
      <RadixDialog.Close asChild>
        <Button variant="secondary">{common("cancel")}</Button>
      </RadixDialog.Close>
      <Button
        loading={busy}
        disabled={!admin || role === admin.role}
        onClick={() => {
          if (admin && role) onConfirm(admin, role);
        }}
      >
        {t("users.changeRoleConfirm")}
      </Button>
    </DialogShell>
  );
}
