import { type CodedError, type ErrorCode, type ErrorParams, NOT_FOUND_TEXTS, roleForbiddenText, waitText } from "@shared/error-codes";
import { LIMITS } from "@shared/limits";
import { EDIT_CONFLICT } from "@shared/schemas/common";
import { tableFactConflictText } from "@shared/table-facts";
import { DATABASE_UNAVAILABLE } from "./unavailable";

/**
 * The human `error` text of each code, the one the API contract promises: "Français / English", or the specification's
 * exact words where it quotes them (docs/product.md, "Validation and messages"). The back office does not show these:
 * it writes its own message from the code (app/lib/admin/error-texts.ts).
 */
type ApiTexts = { [C in ErrorCode]: ErrorParams<C> extends undefined ? string : (params: ErrorParams<C>) => string };

export const UPLOAD_MAX_MB = LIMITS.uploadMaxBytes / (1024 * 1024);

export const API_TEXTS: ApiTexts = {
  validation: "Requête invalide / Invalid request",
  bad_request: "Requête invalide / Bad request",
  invalid_value: "Valeur invalide (caractère non autorisé ?) / Invalid value (unsupported character?)",
  "page.invalid_cursor": "Curseur de page invalide : rechargez la liste / Invalid page cursor: reload the list",
  "auth.required": "Authentification requise / Authentication required",
  "auth.must_change_password": "Choisissez d'abord un nouveau mot de passe (Mon compte) / First choose a new password (My account)",
  forbidden: "Accès refusé / Forbidden",
  "role.forbidden": ({ role }) => `${roleForbiddenText(role).fr} / ${roleForbiddenText(role).en}`,
  not_found: ({ item }) => `${NOT_FOUND_TEXTS[item].fr} / ${NOT_FOUND_TEXTS[item].en}`,
  route_not_found: ({ method, path }) => `Not found: ${method} ${path}`,
  not_acceptable: "Format de réponse non disponible / Not acceptable",
  unsupported_media_type: "Type de contenu non pris en charge / Unsupported media type",
  edit_conflict: EDIT_CONFLICT,
  slug_taken: "Ce slug est déjà utilisé / This slug is already used",
  rate_limited: ({ retryAfterSeconds }) => {
    const wait = waitText(retryAfterSeconds);
    return `Trop de requêtes : réessayez dans ${wait.fr}. / Too many requests: try again in ${wait.en}.`;
  },
  database_unavailable: () => DATABASE_UNAVAILABLE,
  // Kept as it was: tests and clients read it as is.
  internal: "Internal server error",
  "category.unknown": "Catégorie inconnue / Unknown category",
  "category.not_empty":
    "Cette catégorie contient encore des produits : déplacez-les ou supprimez-les d'abord. / This category still has products: move or delete them first.",
  "category.wrong_ids": "Donnez chaque catégorie exactement une fois / Give every category exactly once",
  "product.table_repeats_fact": (params) => `${tableFactConflictText(params, "fr")} / ${tableFactConflictText(params, "en")}`,
  "banner.none_active": "Aucune bannière active / No active banner",
  "banner.default_exists": "Une bannière par défaut existe déjà / A default banner already exists",
  "banner.default_undeletable": "La bannière par défaut ne peut pas être supprimée / The default banner cannot be deleted",
  "page.keyed_undeletable":
    "Cette page est liée par le site (mentions légales, confidentialité) : désactivez-la plutôt / The site links to this page (legal notice, privacy): switch it off instead",
  // The specification quotes this one in French only (docs/product.md, "Sign-in").
  "auth.invalid_credentials": "Email ou mot de passe incorrect",
  "auth.locked": ({ retryAfterSeconds }) => {
    const wait = waitText(retryAfterSeconds);
    return `Compte verrouillé après trop de tentatives : réessayez dans ${wait.fr}. / Account locked after too many attempts: try again in ${wait.en}.`;
  },
  "auth.one_time_password_expired":
    "Ce mot de passe à usage unique a expiré : demandez à un autre administrateur de vous en donner un nouveau. / This one-time password has expired: ask another administrator for a new one.",
  "auth.wrong_current_password": "Mot de passe actuel incorrect / Current password is incorrect",
  "auth.wrong_password": "Mot de passe incorrect / Incorrect password",
  "auth.totp_invalid_code": "Code incorrect ou déjà utilisé / Incorrect or already used code",
  "auth.totp_challenge_expired":
    "Étape de connexion expirée : saisissez à nouveau votre mot de passe. / Sign-in step expired: enter your password again.",
  "auth.totp_secret_unreadable":
    "Votre code ne peut pas être vérifié : la clé de chiffrement du serveur a changé. Utilisez un code de secours, puis réactivez la double authentification. / Your code cannot be checked: the server's encryption key changed. Use a recovery code, then turn two-factor authentication on again.",
  "totp.already_on": "La double authentification est déjà activée / Two-factor authentication is already on",
  "totp.not_started": "Commencez par afficher le QR code / Start by showing the QR code",
  "totp.not_on": "La double authentification n'est pas activée / Two-factor authentication is not on",
  "password.too_weak":
    "Ce mot de passe fait partie des plus courants dans les fuites de données : choisissez-en un autre. / This password is among the most common in data breaches: choose another one.",
  "admin.email_taken": "Un administrateur a déjà cette adresse e-mail / An administrator already has this e-mail address",
  "admin.cannot_remove_self":
    "Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur. / You cannot remove your own account: ask another administrator.",
  "admin.cannot_remove_last":
    "Impossible de supprimer le dernier administrateur : ajoutez-en un autre d'abord. / The last administrator cannot be removed: add another one first.",
  "admin.cannot_demote_last":
    "Le dernier administrateur garde son rôle : donnez d'abord ce rôle à un autre compte. / The last administrator keeps their role: give it to another account first.",
  "invitation.invalid":
    "Ce lien d'invitation n'est plus valable (expiré, déjà utilisé ou annulé) : demandez-en un nouveau. / This invitation link is no longer valid (expired, used or cancelled): ask for a new one.",
  "session.end_own":
    "Pour vos propres sessions, utilisez « Terminer toutes les autres sessions » (Mon compte). / For your own sessions, use “End all other sessions” (My account).",
  "privacy.admin_address":
    "Cette adresse est celle d'un administrateur : supprimez-le d'abord sous Administrateurs, puis effacez ses données. / This address belongs to an administrator: remove them under Administrators first, then erase their data.",
  "upload.no_file": "Aucune image reçue (champ « image ») / No image received (field 'image')",
  body_too_large: ({ maxKb }) => `La requête est trop volumineuse (au plus ${maxKb} Ko) / The request is too large (at most ${maxKb} KB)`,
  "upload.too_large": ({ maxMb }) => `L'image doit faire moins de ${maxMb} Mo / Image size must be less than ${maxMb}MB`,
  "upload.not_an_image": "Ce fichier n'est pas une image prise en charge (JPEG, PNG, WebP, AVIF, GIF, TIFF) / Please select an image file",
  "upload.too_many_pixels": "Image trop grande en pixels / Image dimensions are too large",
  "upload.disk_full": "Espace disque insuffisant pour enregistrer l'image / Not enough disk space to store the image",
  "upload.storage_unavailable":
    "Le dossier des images est inaccessible en écriture, réessayez plus tard / The image folder cannot be written, please try again later",
  "document.no_file": "Aucun fichier PDF reçu (champ « file ») / No PDF file received (field 'file')",
  "document.too_large": ({ maxMb }) => `Le document doit faire au plus ${maxMb} Mo / The document must be at most ${maxMb} MB`,
  "reply.files_too_large": ({ maxMb }) =>
    `Les pièces jointes d'une réponse font au plus ${maxMb} Mo en tout / A reply's attachments must total at most ${maxMb} MB`,
  "reply.file_type": "Joignez un PDF ou une image (JPEG, PNG, WebP) / Attach a PDF or an image (JPEG, PNG, WebP)",
  "document.not_a_pdf":
    "Ce fichier n'est pas un PDF (son contenu ne commence pas par %PDF-, quel que soit son nom) / This file is not a PDF (its content does not start with %PDF-, whatever its name)",
  "document.unreadable_pdf": "Ce PDF est illisible ou endommagé / This PDF is unreadable or damaged",
  "document.encrypted":
    "Ce PDF est protégé par un mot de passe ou chiffré : envoyez-le sans protection / This PDF is password-protected or encrypted: send it unprotected",
  "document.active_content":
    "Ce PDF contient du JavaScript, une action de lancement ou des fichiers joints : enregistrez-le sans eux / This PDF contains JavaScript, a launch action or attached files: save it without them",
  "spec_sheet.busy":
    "Trop de documents PDF sont en préparation, réessayez dans quelques secondes / Too many PDF documents are being prepared, please try again in a few seconds",
  "redirect.self": "Une redirection ne peut pas mener à son propre chemin / A redirect cannot lead to its own path",
  "redirect.loop": "Cette redirection créerait une boucle / This redirect would make a loop",
  "redirect.exists": "Ce chemin est déjà redirigé / This path is already redirected",
  "certification.in_use":
    "Cette certification est attachée à des produits : retirez-la d'abord / This certification is attached to products: detach it first",
  "certification.unknown": "Certification inconnue / Unknown certification",
  "application.in_use":
    "Cette application est attachée à des produits : retirez-la d'abord / This application is attached to products: detach it first",
  "application.unknown": "Application inconnue / Unknown application",
  "function.in_use":
    "Cette fonction est attachée à des produits : retirez-la d'abord / This function is attached to products: detach it first",
  "function.unknown": "Fonction inconnue / Unknown function",
  "product.nagoya_document":
    "Le document Nagoya doit être un des documents de ce produit / The Nagoya document must be one of this product's documents",
  "media.in_use":
    "Cette image est utilisée : retirez-la d'abord des contenus qui l'affichent / This image is in use: remove it from the content showing it first",
  "media.same_image": "Ce fichier est déjà cette image / This file is already this image",
  "version.unusable":
    "Cette version ne peut plus être appliquée (une valeur n'est plus valable, par exemple une catégorie ou une image supprimée) / This version can no longer be applied (a value is no longer valid, e.g. a deleted category or image)",
};

/** The API's `error` text of a code with its params. */
export function apiText(coded: CodedError): string {
  const text = API_TEXTS[coded.code] as string | ((params: CodedError["params"]) => string);
  return typeof text === "function" ? text(coded.params) : text;
}
