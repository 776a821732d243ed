import type { SettingsData } from "./schemas/settings";

/**
 * The site settings a database gets the first time they are read (server/services/settings.ts): exactly the texts and
 * facts the site showed before they became editable (issue 20), so nothing changes on screen until an admin edits them.
 */
export const SITE_SETTINGS_DEFAULTS: SettingsData = {
  company: {
    address: "Cap Zebib, Bizerte, Tunisia",
    emails: [
      {
        label: {
          fr: "E-mail",
          en: "E-mail",
        },
        email: "contact@marine-algae.tn",
      },
    ],
    phones: [
      {
        label: {
          fr: "Téléphone",
          en: "Phone",
        },
        number: "+216 72 000 000",
      },
    ],
    hours: {
      fr: "",
      en: "",
    },
    social: [],
    mapUrl: "",
  },
  home: {
    hero: {
      fr: "Marine Algae of Tunisia | Algues, plantes côtières et actifs biologiques",
      en: "Marine Algae of Tunisia | Seaweed, coastal plants and biological actives",
    },
    story: {
      eyebrow: {
        fr: "Notre histoire",
        en: "Our story",
      },
      title: {
        fr: "De la côte de Bizerte aux laboratoires de nos clients",
        en: "From the Bizerte coast to our customers' laboratories",
      },
      intro: {
        fr: "Depuis 2010, nous transformons les ressources du littoral nord-tunisien en matières premières fiables, documentées et livrées à temps.",
        en: "Since 2010, we have been turning the resources of the northern Tunisian coast into reliable, documented raw materials delivered on time.",
      },
      entries: [
        {
          period: {
            fr: "2010",
            en: "2010",
          },
          title: {
            fr: "Les débuts à Cap Zebib",
            en: "Beginnings at Cap Zebib",
          },
          text: {
            fr: "Une petite équipe de biologistes et de récoltants commence à collecter à la main et à sécher les algues des criques de Cap Zebib, au nord de Bizerte, pour quelques transformateurs de la région.",
            en: "A small team of biologists and harvesters starts hand-collecting and drying seaweed from the coves of Cap Zebib, north of Bizerte, for a handful of regional processors.",
          },
        },
        {
          period: {
            fr: "2010 – 2020",
            en: "2010 – 2020",
          },
          title: {
            fr: "Dix ans de développement",
            en: "A decade of growth",
          },
          text: {
            fr: "Séchage à basse température, broyage calibré, premiers extraits\u00a0: l'atelier s'équipe, un laboratoire de contrôle qualité ouvre ses portes et les premières expéditions partent vers l'Europe. Les plantes du littoral rejoignent la gamme.",
            en: "Low-temperature drying, calibrated milling, first extracts: the workshop is equipped, a quality-control laboratory opens and the first shipments leave for Europe. Coastal plants join the range.",
          },
        },
        {
          period: {
            fr: "Aujourd'hui",
            en: "Today",
          },
          title: {
            fr: "Un partenaire des formulateurs",
            en: "A partner to formulators",
          },
          text: {
            fr: "Trois gammes, algues marines, plantes côtières et actifs biologiques, pour les industriels de l'agroalimentaire, de la cosmétique et de la nutraceutique, avec une traçabilité par lot et une fiche technique pour chaque référence.",
            en: "Three ranges, marine algae, coastal plants and biological actives, for food, cosmetics and nutraceutical manufacturers, with batch traceability and a technical data sheet for every reference.",
          },
        },
      ],
    },
    mission: {
      eyebrow: {
        fr: "Notre mission",
        en: "Our mission",
      },
      title: {
        fr: "Rendre la richesse de la Méditerranée accessible, lot après lot",
        en: "Making the richness of the Mediterranean available, batch after batch",
      },
      text: {
        fr: "Nous fournissons aux fabricants des matières premières marines et végétales dont l'origine, la composition et la qualité sont connues et constantes, pour qu'ils formulent en confiance.",
        en: "We supply manufacturers with marine and plant raw materials whose origin, composition and quality are known and consistent, so they can formulate with confidence.",
      },
    },
    values: [
      {
        title: {
          fr: "Traçabilité",
          en: "Traceability",
        },
        text: {
          fr: "Chaque lot est rattaché à sa zone et à sa date de récolte, et accompagné de son certificat d'analyse.",
          en: "Every batch is linked to its harvesting area and date, and ships with its certificate of analysis.",
        },
      },
      {
        title: {
          fr: "Rigueur scientifique",
          en: "Scientific rigour",
        },
        text: {
          fr: "Humidité, granulométrie, profil microbiologique\u00a0: nous mesurons ce que vous spécifiez et nous le documentons.",
          en: "Moisture, particle size, microbiological profile: we measure what you specify, and we document it.",
        },
      },
      {
        title: {
          fr: "Récolte responsable",
          en: "Responsible harvesting",
        },
        text: {
          fr: "Cueillette manuelle, respect des cycles de repousse, séchage économe en énergie\u00a0: nous préservons la ressource dont nous vivons.",
          en: "Hand harvesting, respect for regrowth cycles, energy-saving drying: we protect the resource we live from.",
        },
      },
    ],
    cta: {
      title: {
        fr: "Parlons de votre projet",
        en: "Let's talk about your project",
      },
      text: {
        fr: "Échantillons, fiches techniques, volumes, conditionnement\u00a0: notre équipe technique et commerciale vous répond personnellement.",
        en: "Samples, technical data sheets, volumes, packaging: our technical and sales team will answer you personally.",
      },
      button: {
        fr: "Nous contacter",
        en: "Contact us",
      },
    },
  },
  footer: {
    about: {
      fr: "Algues marines, plantes côtières et actifs biologiques de Méditerranée pour l'agroalimentaire, la cosmétique et la nutraceutique.",
      en: "Mediterranean marine algae, coastal plants and biological actives for the food, cosmetics and nutraceutical industries.",
    },
    followText: {
      fr: "Nouveaux produits, récoltes de saison, salons professionnels\u00a0: restons en contact.",
      en: "New products, seasonal harvests, trade fairs: let's stay in touch.",
    },
    credit: {
      fr: "Conception et développement\u00a0: l'équipe web",
      en: "Design and development: the web team",
    },
  },
};
