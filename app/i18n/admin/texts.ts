/**
 * Back-office texts not yet in a feature dictionary (`app/features/<feature>/admin/texts.ts`) or in
 * `app/i18n/admin/common.ts`. The upload messages stay English (docs/product.md, "Languages").
 */

import { COMPANY } from "@shared/company";
import { LIMITS } from "@shared/limits";

export const UPLOAD_MESSAGES = {
  notAnImage: "Please select an image file",
  tooLarge: "Image size must be less than 10MB",
  noToken: "Authentication token not found",
  invalidResponse: "Invalid response from server",
  failed: "Upload failed",
  failedWithStatus: (status: number) => `Upload failed with status ${status}`,
  network: "Network error during upload",
  cancelled: "Upload cancelled",
  generic: "Failed to upload image",
} as const;

export const PENDING_UPLOADS_ALERT = "Veuillez attendre que tous les uploads d'images soient terminés avant de sauvegarder.";

export const COMMON_TEXTS = {
  brand: COMPANY.name,
  brandSub: "Administration",
  loading: "Chargement…",
  save: "Enregistrer",
  cancel: "Annuler",
  delete: "Supprimer",
  edit: "Modifier",
  close: "Fermer",
  ok: "OK",
  confirmTitle: "Confirmation",
  alertTitle: "Information",
  errorTitle: "Erreur",
  required: "Ce champ est requis",
  irreversible: "Cette action est irréversible.",
  documentTitle: (page: string) => `${page} · Administration ${COMPANY.name}`,
  uploadingCount: (n: number) => `Upload en cours... (${n})`,
} as const;

export const PAGE_TITLES = {
  dashboard: "Tableau de bord",
  banner: "Gestion de la bannière",
  products: "Produits",
  productNew: "Nouveau produit",
  productEdit: "Modifier le produit",
  contacts: "Messages de Contact",
  analytics: "Statistiques & Analytics",
} as const;
