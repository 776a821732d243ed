import type { Lang } from "@shared/company";
import { type CodedError, type ErrorCode, type ErrorParams, NOT_FOUND_TEXTS, roleForbiddenText, waitText } from "@shared/error-codes";
import { tableFactConflictText } from "@shared/table-facts";

/**
 * What the back office says for each error code of the API, in each of its languages (docs/decisions/0085-error-codes.md).
 * A code without a text in either language is a type error. Texts the specification quotes are kept word for word.
 */
type Texts = { [C in ErrorCode]: ErrorParams<C> extends undefined ? string : (params: ErrorParams<C>) => string };

const fr: Texts = {
  validation: "Certaines valeurs sont invalides",
  bad_request: "Requête invalide",
  invalid_value: "Valeur invalide (caractère non autorisé ?)",
  "page.invalid_cursor": "Curseur de page invalide : rechargez la liste",
  "auth.required": "Authentification requise",
  "auth.must_change_password": "Choisissez d'abord un nouveau mot de passe (Mon compte)",
  forbidden: "Accès refusé",
  "role.forbidden": ({ role }) => roleForbiddenText(role).fr,
  not_found: ({ item }) => NOT_FOUND_TEXTS[item].fr,
  route_not_found: () => "Adresse de l'API inconnue",
  not_acceptable: "Format de réponse non disponible",
  unsupported_media_type: "Type de contenu non pris en charge",
  edit_conflict: "Quelqu'un d'autre a modifié cet élément pendant que vous l'éditiez.",
  slug_taken: "Ce slug est déjà utilisé",
  rate_limited: ({ retryAfterSeconds }) => `Trop de requêtes : réessayez dans ${waitText(retryAfterSeconds).fr}.`,
  database_unavailable: () => "Service momentanément indisponible, veuillez réessayer",
  internal: "Erreur interne du serveur",
  "category.unknown": "Catégorie inconnue",
  "category.not_empty": "Cette catégorie contient encore des produits : déplacez-les ou supprimez-les d'abord.",
  "category.wrong_ids": "Donnez chaque catégorie exactement une fois",
  "product.table_repeats_fact": (params) => tableFactConflictText(params, "fr"),
  "banner.none_active": "Aucune bannière active",
  "banner.default_exists": "Une bannière par défaut existe déjà",
  "banner.default_undeletable": "La bannière par défaut ne peut pas être supprimée",
  "page.keyed_undeletable": "Le site renvoie vers cette page (mentions légales, confidentialité) : désactivez-la plutôt",
  "auth.invalid_credentials": "Email ou mot de passe incorrect",
  "auth.locked": ({ retryAfterSeconds }) =>
    `Compte verrouillé après trop de tentatives : réessayez dans ${waitText(retryAfterSeconds).fr}.`,
  "auth.one_time_password_expired":
    "Ce mot de passe à usage unique a expiré : demandez à un autre administrateur de vous en donner un nouveau.",
  "auth.wrong_current_password": "Mot de passe actuel incorrect",
  "auth.wrong_password": "Mot de passe incorrect",
  "auth.totp_invalid_code": "Code incorrect ou déjà utilisé",
  "auth.totp_challenge_expired": "Étape de connexion expirée : saisissez à nouveau votre mot de passe.",
  "auth.totp_secret_unreadable":
    "Votre code ne peut pas être vérifié : la clé de chiffrement du serveur a changé. Utilisez un code de secours, puis réactivez la double authentification.",
  "totp.already_on": "La double authentification est déjà activée",
  "totp.not_started": "Commencez par afficher le QR code",
  "totp.not_on": "La double authentification n'est pas activée",
  "password.too_weak": "Ce mot de passe fait partie des plus courants dans les fuites de données : choisissez-en un autre.",
  "admin.email_taken": "Un administrateur a déjà cette adresse e-mail",
  "admin.cannot_remove_self": "Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur.",
  "admin.cannot_remove_last": "Impossible de supprimer le dernier administrateur : ajoutez-en un autre d'abord.",
  "admin.cannot_demote_last": "Le dernier administrateur garde son rôle : donnez d'abord ce rôle à un autre compte.",
  "invitation.invalid": "Ce lien d'invitation n'est plus valable (expiré, déjà utilisé ou annulé) : demandez-en un nouveau.",
  "session.end_own": "Pour vos propres sessions, utilisez « Terminer toutes les autres sessions » (Mon compte).",
  "privacy.admin_address":
    "Cette adresse est celle d'un administrateur : supprimez-le d'abord sous Administrateurs, puis effacez ses données.",
  "upload.no_file": "Aucune image reçue",
  body_too_large: ({ maxKb }) => `La requête est trop volumineuse (au plus ${maxKb} Ko).`,
  "upload.too_large": ({ maxMb }) => `L'image doit faire moins de ${maxMb} Mo`,
  "upload.not_an_image": "Ce fichier n'est pas une image prise en charge (JPEG, PNG, WebP, AVIF, GIF, TIFF)",
  "upload.too_many_pixels": "Image trop grande en pixels",
  "upload.disk_full": "Espace disque insuffisant pour enregistrer l'image",
  "upload.storage_unavailable": "Le dossier des images est inaccessible en écriture, réessayez plus tard",
  "document.no_file": "Choisissez un fichier PDF",
  "document.too_large": ({ maxMb }) => `Le document doit faire au plus ${maxMb} Mo`,
  "reply.files_too_large": ({ maxMb }) => `Les pièces jointes d'une réponse font au plus ${maxMb} Mo en tout`,
  "reply.file_type": "Joignez un PDF ou une image (JPEG, PNG, WebP)",
  "document.not_a_pdf": "Ce fichier n'est pas un PDF : son contenu ne commence pas par %PDF-, quel que soit son nom",
  "document.unreadable_pdf": "Ce PDF est illisible ou endommagé",
  "document.encrypted": "Ce PDF est protégé par un mot de passe ou chiffré : envoyez-le sans protection",
  "document.active_content": "Ce PDF contient du JavaScript, une action de lancement ou des fichiers joints : enregistrez-le sans eux",
  "redirect.self": "Une redirection ne peut pas mener à son propre chemin",
  "redirect.loop": "Cette redirection créerait une boucle",
  "redirect.exists": "Ce chemin est déjà redirigé",
  "certification.in_use": "Cette certification est attachée à des produits : retirez-la d'abord de ces produits",
  "certification.unknown": "Certification inconnue",
  "media.in_use": "Cette image est utilisée : retirez-la d'abord des contenus qui l'affichent",
  "media.same_image": "Ce fichier est déjà cette image",
  "version.unusable":
    "Cette version ne peut plus être appliquée : une de ses valeurs n'est plus valable (par exemple une catégorie ou une image supprimée depuis).",
};

const en: Texts = {
  validation: "Some values are invalid",
  bad_request: "Bad request",
  invalid_value: "Invalid value (unsupported character?)",
  "page.invalid_cursor": "Invalid page cursor: reload the list",
  "auth.required": "Authentication required",
  "auth.must_change_password": "First choose a new password (My account)",
  forbidden: "Forbidden",
  "role.forbidden": ({ role }) => roleForbiddenText(role).en,
  not_found: ({ item }) => NOT_FOUND_TEXTS[item].en,
  route_not_found: () => "Unknown API address",
  not_acceptable: "Not acceptable",
  unsupported_media_type: "Unsupported media type",
  edit_conflict: "Someone else changed this item while you were editing it.",
  slug_taken: "This slug is already used",
  rate_limited: ({ retryAfterSeconds }) => `Too many requests: try again in ${waitText(retryAfterSeconds).en}.`,
  database_unavailable: () => "Service temporarily unavailable, please try again",
  internal: "Internal server error",
  "category.unknown": "Unknown category",
  "category.not_empty": "This category still has products: move or delete them first.",
  "category.wrong_ids": "Give every category exactly once",
  "product.table_repeats_fact": (params) => tableFactConflictText(params, "en"),
  "banner.none_active": "No active banner",
  "banner.default_exists": "A default banner already exists",
  "banner.default_undeletable": "The default banner cannot be deleted",
  "page.keyed_undeletable": "The site links to this page (legal notice, privacy): switch it off instead",
  "auth.invalid_credentials": "Incorrect e-mail or password",
  "auth.locked": ({ retryAfterSeconds }) => `Account locked after too many attempts: try again in ${waitText(retryAfterSeconds).en}.`,
  "auth.one_time_password_expired": "This one-time password has expired: ask another administrator for a new one.",
  "auth.wrong_current_password": "Current password is incorrect",
  "auth.wrong_password": "Incorrect password",
  "auth.totp_invalid_code": "Incorrect or already used code",
  "auth.totp_challenge_expired": "Sign-in step expired: enter your password again.",
  "auth.totp_secret_unreadable":
    "Your code cannot be checked: the server's encryption key changed. Use a recovery code, then turn two-factor authentication on again.",
  "totp.already_on": "Two-factor authentication is already on",
  "totp.not_started": "Start by showing the QR code",
  "totp.not_on": "Two-factor authentication is not on",
  "password.too_weak": "This password is among the most common in data breaches: choose another one.",
  "admin.email_taken": "An administrator already has this e-mail address",
  "admin.cannot_remove_self": "You cannot remove your own account: ask another administrator.",
  "admin.cannot_remove_last": "The last administrator cannot be removed: add another one first.",
  "admin.cannot_demote_last": "The last administrator keeps their role: give it to another account first.",
  "invitation.invalid": "This invitation link is no longer valid (expired, used or cancelled): ask for a new one.",
  "session.end_own": "For your own sessions, use “End all other sessions” (My account).",
  "privacy.admin_address": "This address belongs to an administrator: remove them under Administrators first, then erase their data.",
  "upload.no_file": "No image received",
  // docs/product.md, "Images in forms", quotes these two.
  body_too_large: ({ maxKb }) => `The request is too large (at most ${maxKb} KB).`,
  "upload.too_large": ({ maxMb }) => `Image size must be less than ${maxMb}MB`,
  "upload.not_an_image": "Please select an image file",
  "upload.too_many_pixels": "Image dimensions are too large",
  "upload.disk_full": "Not enough disk space to store the image",
  "upload.storage_unavailable": "The image folder cannot be written, please try again later",
  "document.no_file": "Choose a PDF file",
  "document.too_large": ({ maxMb }) => `The document must be at most ${maxMb} MB`,
  "reply.files_too_large": ({ maxMb }) => `A reply's attachments must total at most ${maxMb} MB`,
  "reply.file_type": "Attach a PDF or an image (JPEG, PNG, WebP)",
  "document.not_a_pdf": "This file is not a PDF: its content does not start with %PDF-, whatever its name",
  "document.unreadable_pdf": "This PDF is unreadable or damaged",
  "document.encrypted": "This PDF is password-protected or encrypted: send it unprotected",
  "document.active_content": "This PDF contains JavaScript, a launch action or attached files: save it without them",
  "redirect.self": "A redirect cannot lead to its own path",
  "redirect.loop": "This redirect would make a loop",
  "redirect.exists": "This path is already redirected",
  "certification.in_use": "This certification is attached to products: detach it from them first",
  "certification.unknown": "Unknown certification",
  "media.in_use": "This image is in use: remove it from the content showing it first",
  "media.same_image": "This file is already this image",
  "version.unusable":
    "This version can no longer be applied: one of its values is no longer valid (e.g. a category or an image deleted since).",
};

export const ERROR_TEXTS: Record<Lang, Texts> = { fr, en };

/** Not an answer of the API but the client's own refusal of one that breaks its schema (`UnexpectedAnswerError`). */
export const UNEXPECTED_ANSWER_TEXT: Record<Lang, string> = {
  fr: "Réponse inattendue du serveur, rechargez la page",
  en: "Unexpected answer from the server, reload the page",
};

/** The back office's message for an error code and its params, in `lang`. */
export function errorText(coded: CodedError, lang: Lang): string {
  const text = ERROR_TEXTS[lang][coded.code] as string | ((params: CodedError["params"]) => string);
  return typeof text === "function" ? text(coded.params) : text;
}
