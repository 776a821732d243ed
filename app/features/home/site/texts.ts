import { defineTexts } from "~/i18n/texts";

/** The home page's texts: its title and description, the story, the mission and values, the ranges' section. */
export const HOME_SITE_TEXTS = defineTexts({
  fr: {
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
    "seo.title": "Marine Algae of Tunisia | Algues, plantes côtières et actifs biologiques",
    "seo.description":
      "Fournisseur tunisien d'algues marines, de plantes côtières et d'actifs biologiques de Méditerranée depuis 2010, à Bizerte. Matières premières tracées pour l'agroalimentaire, la cosmétique et la nutraceutique.",
  },
  en: {
    "story.eyebrow": "Our story",
    "story.title": "From the Bizerte coast to our customers' laboratories",
    "story.intro":
      "Since {year}, we have been turning the resources of the northern Tunisian coast into reliable, documented raw materials delivered on time.",
    "story.start.period": "2010",
    "story.start.title": "Beginnings at Cap Zebib",
    "story.start.text":
      "A small team of biologists and harvesters starts hand-collecting and drying seaweed from the coves of Cap Zebib, north of Bizerte, for a handful of regional processors.",
    "story.growth.period": "2010 – 2020",
    "story.growth.title": "A decade of growth",
    "story.growth.text":
      "Low-temperature drying, calibrated milling, first extracts: the workshop is equipped, a quality-control laboratory opens and the first shipments leave for Europe. Coastal plants join the range.",
    "story.today.period": "Today",
    "story.today.title": "A partner to formulators",
    "story.today.text":
      "Three ranges, marine algae, coastal plants and biological actives, for food, cosmetics and nutraceutical manufacturers, with batch traceability and a technical data sheet for every reference.",
    "mission.eyebrow": "Our mission",
    "mission.title": "Making the richness of the Mediterranean available, batch after batch",
    "mission.text":
      "We supply manufacturers with marine and plant raw materials whose origin, composition and quality are known and consistent, so they can formulate with confidence.",
    "values.traceability.title": "Traceability",
    "values.traceability.text": "Every batch is linked to its harvesting area and date, and ships with its certificate of analysis.",
    "values.rigour.title": "Scientific rigour",
    "values.rigour.text": "Moisture, particle size, microbiological profile: we measure what you specify, and we document it.",
    "values.responsibility.title": "Responsible harvesting",
    "values.responsibility.text":
      "Hand harvesting, respect for regrowth cycles, energy-saving drying: we protect the resource we live from.",
    "categories.eyebrow": "Our ranges",
    "categories.title": "Three families of raw materials",
    "categories.intro": "From dried seaweed to standardised extracts, choose the range that fits your application.",
    "seo.title": "Marine Algae of Tunisia | Seaweed, coastal plants and biological actives",
    "seo.description":
      "Tunisian supplier of Mediterranean marine algae, coastal plants and biological actives since 2010, in Bizerte. Traceable raw materials for the food, cosmetics and nutraceutical industries.",
  },
});
