import { LIMITS } from "@shared/limits";
import { defineTexts } from "../texts";

/** The largest image the upload field sends, in MB (the server refuses larger ones with the same words). */
export const UPLOAD_MAX_MB = LIMITS.uploadMaxBytes / (1024 * 1024);

/**
 * Back-office texts not yet in a feature dictionary (`app/features/<feature>/admin/texts.ts`) or in
 * `app/i18n/admin/common.ts`: the messages of the image upload field (docs/product.md, "Images in forms"), in the
 * screen's language like the server's refusals of an upload.
 */
export const UPLOAD_MESSAGES = defineTexts({
  fr: {
    notAnImage: "Veuillez choisir un fichier image",
    tooLarge: "L'image doit faire moins de {maxMb} Mo",
    noToken: "Jeton d'authentification introuvable",
    invalidResponse: "Réponse invalide du serveur",
    failed: "Échec de l'envoi",
    failedWithStatus: "Échec de l'envoi (statut {status})",
    network: "Erreur réseau pendant l'envoi",
    cancelled: "Envoi annulé",
    generic: "Échec de l'envoi de l'image",
  },
  en: {
    notAnImage: "Please select an image file",
    tooLarge: "Image size must be less than {maxMb}MB",
    noToken: "Authentication token not found",
    invalidResponse: "Invalid response from server",
    failed: "Upload failed",
    failedWithStatus: "Upload failed with status {status}",
    network: "Network error during upload",
    cancelled: "Upload cancelled",
    generic: "Failed to upload image",
  },
});
