import { adminAccountSchema, createAdminInputSchema } from "../schemas/admin-security";
import { defineResource } from "./define";
import { fieldsOf } from "./fields";

/** An administrator account; its secrets (password hash, second factor) are columns no API reads (decision 0089). */
export const userResource = defineResource({
  type: "user",
  label: { fr: { one: "administrateur", other: "administrateurs" }, en: { one: "administrator", other: "administrators" } },
  fields: fieldsOf(createAdminInputSchema.shape, adminAccountSchema.shape, {
    email: ["text", { fr: "Adresse e-mail", en: "E-mail address" }],
    role: ["choice", { fr: "Rôle", en: "Role" }],
  }),
  system: [
    "_id",
    "passwordHash",
    "createdAt",
    "lastLoginAt",
    "mustChangePassword",
    "passwordExpiresAt",
    "totpSecret",
    "totpPendingSecret",
    "totpLastStep",
    // One's reply signature, set under Mon compte (PUT /api/auth/signature), never through this resource.
    "signatureName",
    "signatureTitle",
    "signaturePhone",
  ],
  // update: ending an administrator's sessions.
  actions: ["list", "create", "update", "delete"],
  notFound: "administrator",
  admin: { path: "/admin/users", icon: "Users", nav: { fr: "Administrateurs", en: "Administrators" }, group: "security" },
});
