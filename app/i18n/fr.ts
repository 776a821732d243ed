/** Interface texts of the public site, in French (the default language). `{name}` marks a parameter. */
export const fr = {
  "site.homeLink": "Marine Algae of Tunisia, accueil",
  "site.skipToContent": "Aller au contenu",

  "nav.label": "Navigation principale",
  "nav.home": "Accueil",
  "nav.contact": "Contactez-nous",
  "nav.openMenu": "Ouvrir le menu",
  "nav.closeMenu": "Fermer le menu",
  "nav.mobileLabel": "Menu",

  "lang.label": "Langue",
  "lang.fr": "Français",
  "lang.en": "English",

  "footer.about":
    "Algues marines, plantes côtières et actifs biologiques de Méditerranée pour l'agroalimentaire, la cosmétique et la nutraceutique.",
  "footer.since": "Depuis {year} à Bizerte",
  "footer.links": "Liens",
  "footer.contact": "Coordonnées",
  "footer.address": "Adresse",
  "footer.email": "E-mail",
  "footer.phone": "Téléphone",
  "footer.follow": "Suivez-nous",
  "footer.followText": "Nouveaux produits, récoltes de saison, salons professionnels\u00a0: restons en contact.",
  "footer.contactButton": "Contactez-nous",
  "footer.rights": "© {year} {name}. Tous droits réservés.",
  "footer.credit": "Conception et développement\u00a0: l'équipe web",

  "hero.cta": "Découvrir nos produits",

  "story.eyebrow": "Notre histoire",
  "story.title": "De la côte de Bizerte aux laboratoires de nos clients",
  "story.intro":
    "Depuis {year}, nous transformons les ressources du littoral nord-tunisien en matières premières fiables, documentées et livrées à temps.",
  "story.start.period": "2010",
  "story.start.title": "Les débuts à Cap Zebib",
  "story.start.text":
    "Une petite équipe de biologistes et de récoltants commence à collecter à la main et à sécher les algues des criques de Cap Zebib, au nord de Bizerte, pour quelques transformateurs de la région.",
  "story.growth.period": "2010 – 2020",
  "story.growth.title": "Dix ans de développement",
  "story.growth.text":
    "Séchage à basse température, broyage calibré, premiers extraits\u00a0: l'atelier s'équipe, un laboratoire de contrôle qualité ouvre ses portes et les premières expéditions partent vers l'Europe. Les plantes du littoral rejoignent la gamme.",
  "story.today.period": "Aujourd'hui",
  "story.today.title": "Un partenaire des formulateurs",
  "story.today.text":
    "Trois gammes, algues marines, plantes côtières et actifs biologiques, pour les industriels de l'agroalimentaire, de la cosmétique et de la nutraceutique, avec une traçabilité par lot et une fiche technique pour chaque référence.",

  "mission.eyebrow": "Notre mission",
  "mission.title": "Rendre la richesse de la Méditerranée accessible, lot après lot",
  "mission.text":
    "Nous fournissons aux fabricants des matières premières marines et végétales dont l'origine, la composition et la qualité sont connues et constantes, pour qu'ils formulent en confiance.",
  "values.traceability.title": "Traçabilité",
  "values.traceability.text": "Chaque lot est rattaché à sa zone et à sa date de récolte, et accompagné de son certificat d'analyse.",
  "values.rigour.title": "Rigueur scientifique",
  "values.rigour.text":
    "Humidité, granulométrie, profil microbiologique\u00a0: nous mesurons ce que vous spécifiez et nous le documentons.",
  "values.responsibility.title": "Récolte responsable",
  "values.responsibility.text":
    "Cueillette manuelle, respect des cycles de repousse, séchage économe en énergie\u00a0: nous préservons la ressource dont nous vivons.",

  "categories.eyebrow": "Nos gammes",
  "categories.title": "Trois familles de matières premières",
  "categories.intro": "Des algues séchées aux extraits standardisés, choisissez la gamme qui correspond à votre application.",
  "categories.cta": "Découvrir la gamme",

  "partners.title": "Ils nous font confiance",
  "partners.visit": "{name} (nouvel onglet)",
  "partners.pause": "Mettre en pause le défilement des logos",
  "partners.play": "Reprendre le défilement des logos",

  "cta.title": "Parlons de votre projet",
  "cta.text":
    "Échantillons, fiches techniques, volumes, conditionnement\u00a0: notre équipe technique et commerciale vous répond personnellement.",
  "cta.button": "Nous contacter",

  "category.eyebrow": "Gamme",
  "category.intro.les-algues":
    "Récoltées à la main sur le littoral de Bizerte, nos algues brunes, rouges et vertes sont lavées à l'eau de mer, séchées à basse température et broyées à la granulométrie de votre choix. Elles entrent dans la composition d'aliments, de compléments, de cosmétiques et de biostimulants.",
  "category.intro.les-plantes":
    "Salicorne, criste marine, immortelle\u00a0: les plantes du littoral tunisien poussent entre sel, vent et soleil. Nous les cueillons en saison, les séchons avec soin et les livrons entières, coupées ou en poudre.",
  "category.intro.actifs-biologiques":
    "Extraits aqueux et hydroglycériques, polysaccharides, poudres standardisées\u00a0: nos actifs biologiques concentrent les molécules d'intérêt des algues et plantes méditerranéennes, avec une composition documentée lot par lot.",
  "category.quote": "Demander un devis",
  "category.productsTitle": "Nos produits",
  "category.count.one": "1 référence",
  "category.count.many": "{count} références",
  "category.empty":
    "Aucun produit n'est publié dans cette gamme pour le moment. Écrivez-nous\u00a0: nous vous dirons ce qui est disponible et ce qui arrive.",
  "category.ctaTitle": "Un besoin précis dans cette gamme\u00a0?",

  "product.available": "Disponible",
  "product.view": "Voir le produit",
  "product.quote": "Demander un devis",
  "product.details": "Informations détaillées",
  "product.similar": "Dans la même gamme",
  "product.ctaTitle": "Ce produit vous intéresse\u00a0?",
  "product.ctaText": "Demandez un échantillon, la fiche technique complète ou un devis\u00a0: nous répondons à chaque demande.",
  "product.previewBand": "Aperçu — non publié",
  "product.previewText": "Ce produit est inactif : seuls les administrateurs disposant de ce lien le voient.",
  "product.tableScroll": "Faites défiler le tableau horizontalement",

  "breadcrumb.label": "Fil d'Ariane",

  "notFound.category": "Catégorie introuvable",
  "notFound.product": "Produit introuvable",
  "notFound.text": "La page demandée n'existe pas ou n'est plus disponible.",
  "notFound.back": "Retour à l'accueil",

  "contact.eyebrow": "Contact",
  "contact.title": "Parlons de votre projet",
  "contact.intro":
    "Une question sur un produit, une demande d'échantillon ou de devis\u00a0? Écrivez-nous\u00a0: un membre de notre équipe vous répondra personnellement.",
  "contact.coordinates": "Nos coordonnées",
  "contact.address": "Adresse",
  "contact.email": "E-mail",
  "contact.phone": "Téléphone",
  "contact.tipsTitle": "Pour une réponse rapide, précisez",
  "contact.tip.product": "le produit ou l'application visée",
  "contact.tip.volume": "le volume estimé par commande ou par an",
  "contact.tip.packaging": "le conditionnement et la granulométrie souhaités",
  "contact.tip.country": "le pays de livraison",
  "contact.formTitle": "Envoyer un message",
  "contact.required": "Les champs marqués d'un astérisque sont obligatoires.",
  "contact.fullName": "Nom complet",
  "contact.emailField": "Adresse e-mail",
  "contact.phoneField": "Téléphone",
  "contact.phoneCode": "Indicatif pays",
  "contact.phoneNumber": "Numéro de téléphone",
  "contact.optional": "facultatif",
  "contact.subject": "Sujet",
  "contact.message": "Message",
  "contact.honeypot": "Laissez ce champ vide",
  "contact.submit": "Envoyer le message",
  "contact.sending": "Envoi...",
  "contact.toastClose": "Fermer la notification",
  "contact.success": "Merci\u00a0! Votre message a bien été envoyé. Nous vous répondrons rapidement.",
  "contact.error": "Une erreur est survenue. Veuillez réessayer.",
  "contact.errors.required": "Ce champ est requis",
  "contact.errors.email": "Adresse e-mail invalide",
  "contact.errors.tooLong": "{max} caractères maximum",
  "contact.errors.phone": "Numéro de téléphone invalide",
  "contact.errors.singleLine": "Une seule ligne, sans retour à la ligne",

  "seo.home.title": "Marine Algae of Tunisia | Algues, plantes côtières et actifs biologiques",
  "seo.home.description":
    "Fournisseur tunisien d'algues marines, de plantes côtières et d'actifs biologiques de Méditerranée depuis 2010, à Bizerte. Matières premières tracées pour l'agroalimentaire, la cosmétique et la nutraceutique.",
  "seo.contact.title": "Contact | Marine Algae of Tunisia",
  "seo.contact.description":
    "Contactez Marine Algae of Tunisia à Bizerte\u00a0: demande de devis, d'échantillons ou de fiches techniques pour nos algues, plantes et actifs biologiques.",
  "seo.suffix": "Marine Algae of Tunisia",
  "seo.notFound": "Page introuvable",
} as const;

export type MessageKey = keyof typeof fr;
