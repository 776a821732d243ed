/**
 * Every text of the back office (docs/product.md, "Languages"): French screens, except the partners screen (English)
 * and the upload messages (English).
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

/** Controls of the image field, in the language of the screen that hosts it. */
export const UPLOAD_TEXTS = {
  fr: {
    choose: "Choisir une image",
    replace: "Remplacer l'image",
    remove: "Retirer l'image",
    uploading: "Envoi de l'image",
    completed: "Image envoyée",
    noImage: "Aucune image",
    preview: (label: string) => `Aperçu : ${label}`,
    formats: "JPEG, PNG, WebP, GIF ou AVIF, 10 Mo maximum",
  },
  en: {
    choose: "Choose an image",
    replace: "Replace image",
    remove: "Remove image",
    uploading: "Uploading image",
    completed: "Upload complete",
    noImage: "No image",
    preview: (label: string) => `Preview: ${label}`,
    formats: "JPEG, PNG, WebP, GIF or AVIF, 10 MB maximum",
  },
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

export const LAYOUT_TEXTS = {
  nav: {
    dashboard: "Dashboard",
    products: "Produits",
    banner: "Bannière",
    contacts: "Messages",
    analytics: "Analytics",
    partners: "Partenaires",
    categories: "Catégories",
    history: "Historique",
    users: "Administrateurs",
    privacy: "Données personnelles",
    account: "Mon compte",
  },
  navLabel: "Navigation de l'administration",
  backToSite: "Retour au site",
  logout: "Déconnexion",
  /** These dashboard and sidebar words stay in English (docs/product.md, "Languages"). */
  online: "online",
  signedInAs: "Connecté en tant que",
  openMenu: "Ouvrir le menu",
  closeMenu: "Fermer le menu",
  menuTitle: "Menu de l'administration",
  sessionLoading: "Chargement de la session…",
} as const;

export const PAGE_TITLES = {
  login: "Connexion",
  dashboard: "Tableau de bord",
  banner: "Gestion de la bannière",
  products: "Produits",
  productNew: "Nouveau produit",
  productEdit: "Modifier le produit",
  partners: "Partner Management",
  contacts: "Messages de Contact",
  analytics: "Statistiques & Analytics",
  account: "Mon compte",
  privacy: "Données personnelles",
} as const;

/** A save refused because someone else changed the item meanwhile (the message itself is the server's EDIT_CONFLICT). */
export const CONFLICT_TEXTS = {
  fr: {
    keep: "Vos modifications sont toujours dans le formulaire. « Recharger » les remplace par la dernière version enregistrée.",
    reload: "Recharger",
  },
  en: {
    keep: "Your changes are still in the form. “Reload” replaces them with the latest saved version.",
    reload: "Reload",
  },
} as const;
