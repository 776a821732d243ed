import type { BannerInput } from "@shared/schemas/banner";
import type { CategoryInput } from "@shared/schemas/category";
import type { ContentBlockInput } from "@shared/schemas/content-block";
import type { PartnerInput } from "@shared/schemas/partner";
import type { ProductInput } from "@shared/schemas/product";
import type { DemoImages } from "./image-keys";
import { addDemoFacts } from "./product-facts";
import { addDemoRegulatoryFacts } from "./uses";

export const DEMO_CATEGORY_SLUGS = ["les-algues", "les-plantes", "actifs-biologiques"] as const;
export type DemoCategorySlug = (typeof DEMO_CATEGORY_SLUGS)[number];

export type DemoCategory = CategoryInput & { slug: DemoCategorySlug };
export type DemoProduct = Omit<ProductInput, "categoryId"> & { category: DemoCategorySlug };
export type DemoContent = { categories: DemoCategory[]; products: DemoProduct[]; banner: BannerInput; partners: PartnerInput[] };

/** French typography: a non-breaking space before high punctuation and units, so "12 %" never wraps. */
function fr(text: string): string {
  return text
    .replace(/ ([%:;!?»])/g, "\u00a0$1")
    .replace(/« /g, "«\u00a0")
    .replace(/(\d) (°C|µm|mm|kg|g|mL|kDa|ppm|UFC|mois|ans)(?=[\s/.,;)]|$)/g, "$1\u00a0$2");
}

const text = (contentFr: string, contentEn: string): ContentBlockInput => ({ type: "text", contentFr: fr(contentFr), contentEn });

const textImage = (imageUrl: string, contentFr: string, contentEn: string): ContentBlockInput => ({
  type: "text-image",
  imageUrl,
  contentFr: fr(contentFr),
  contentEn,
});

/** An image block; its text is the caption. */
const image = (imageUrl: string, captionFr: string, captionEn: string): ContentBlockInput => ({
  type: "image",
  imageUrl,
  contentFr: fr(captionFr),
  contentEn: captionEn,
});

type SpecRow = { fr: [parameter: string, value: string, method: string]; en: [parameter: string, value: string, method: string] };

/** A specification sheet: Parameter / Value / Method, in both languages. */
const specSheet = (titleFr: string, titleEn: string, rows: SpecRow[]): ContentBlockInput => ({
  type: "table",
  contentFr: fr(titleFr),
  contentEn: titleEn,
  tableData: {
    fr: { headers: ["Paramètre", "Valeur", "Méthode"], rows: rows.map((row) => row.fr.map(fr)) },
    en: { headers: ["Parameter", "Value", "Method"], rows: rows.map((row) => row.en) },
  },
});

const row = (frRow: SpecRow["fr"], enRow: SpecRow["en"]): SpecRow => ({ fr: frRow, en: enRow });

/**
 * The harvest season row every sheet shares. Origin, packaging and shelf life are key facts (./product-facts.ts): a
 * sheet does not repeat them (issue 32, the server refuses a table row that contradicts a fact).
 */
const harvestSeason = (season: [string, string]): SpecRow => row(["Saison de récolte", season[0], "—"], ["Harvest season", season[1], "—"]);

export function demoContent(img: DemoImages): DemoContent {
  const categories: DemoCategory[] = [
    {
      slug: "les-algues",
      nameFr: "Les algues",
      nameEn: "Marine algae",
      descriptionFr: fr(
        "Algues vertes, rouges et brunes récoltées à la main dans la lagune de Bizerte et sur les fonds rocheux jusqu'à Cap Zebib, puis lavées à l'eau de mer filtrée et séchées à basse température. Nous les livrons entières, broyées ou micronisées, avec une traçabilité par lot de la zone de récolte jusqu'à l'expédition.",
      ),
      descriptionEn:
        "Green, red and brown seaweeds hand-harvested in the Bizerte lagoon and on the rocky shallows as far as Cap Zebib, then washed in filtered seawater and dried at low temperature. We ship them whole, milled or micronised, with lot traceability from harvest zone to dispatch.",
      coverImageUrl: img.coverAlgae,
    },
    {
      slug: "les-plantes",
      nameFr: "Les plantes",
      nameEn: "Coastal plants",
      descriptionFr: fr(
        "Plantes halophytes et aromatiques du littoral méditerranéen, cultivées sur nos parcelles d'eau saumâtre ou cueillies sous autorisation entre Bizerte et Cap Zebib. Séchées à l'ombre et conditionnées pour l'agroalimentaire, la cosmétique et la phytothérapie.",
      ),
      descriptionEn:
        "Salt-tolerant and aromatic plants of the Mediterranean shore, grown on our brackish-water plots or wild-gathered under permit between Bizerte and Cap Zebib. Shade-dried and packed for food, cosmetics and herbal medicine.",
      coverImageUrl: img.coverPlants,
    },
    {
      slug: "actifs-biologiques",
      nameFr: "Actifs biologiques",
      nameEn: "Biological actives",
      descriptionFr: fr(
        "Extraits et fractions standardisés obtenus à partir de nos algues et plantes côtières : polysaccharides sulfatés, polyphénols et antioxydants. Chaque lot est livré avec son certificat d'analyse et sa fiche technique ; des échantillons sont disponibles pour vos essais de formulation.",
      ),
      descriptionEn:
        "Standardised extracts and fractions made from our seaweeds and coastal plants: sulphated polysaccharides, polyphenols and antioxidants. Every lot ships with its certificate of analysis and technical data sheet; samples are available for your formulation trials.",
      coverImageUrl: img.coverActives,
    },
  ];

  const products: DemoProduct[] = [
    {
      slug: "ulva-lactuca",
      category: "les-algues",
      nameFr: "Ulva lactuca, laitue de mer",
      nameEn: "Ulva lactuca, sea lettuce",
      shortDescriptionFr: fr(
        "Algue verte récoltée à la main dans la lagune de Bizerte et sur les platiers de Cap Zebib, lavée à l'eau de mer filtrée puis séchée sous 45 °C. En paillettes ou en poudre fine pour l'alimentaire, la cosmétique et l'aquaculture.",
      ),
      shortDescriptionEn:
        "Green seaweed hand-harvested in the Bizerte lagoon and on the Cap Zebib rock flats, washed in filtered seawater and dried below 45 °C. Supplied as flakes or fine powder for food, cosmetics and aquaculture.",
      mainImageUrl: img.ulva,
      contentBlocks: [
        text(
          "Ulva lactuca forme des lames vert vif, fines comme du papier, qui se développent au printemps dans les eaux peu profondes et abritées de la région de Bizerte. Nous la récoltons de mars à juin, quand sa teneur en protéines est la plus élevée, en coupant les lames au-dessus de leur point de fixation pour préserver les peuplements.\n\nSa composition en fait une matière première polyvalente : protéines végétales, fibres solubles (ulvane), minéraux (magnésium, fer, calcium) et chlorophylle. Nos clients l'utilisent comme ingrédient culinaire (paillettes, assaisonnements), dans les masques et soins cosmétiques, et en alimentation aquacole.",
          "Ulva lactuca grows as bright green, paper-thin blades that spread each spring across the shallow, sheltered waters around Bizerte. We harvest it from March to June, when its protein content peaks, cutting the blades above their attachment point so the beds regrow.\n\nIts composition makes it a versatile raw material: plant protein, soluble fibre (ulvan), minerals (magnesium, iron, calcium) and chlorophyll. Customers use it as a culinary ingredient (flakes, seasonings), in cosmetic masks and care products, and in aquaculture feed.",
        ),
        textImage(
          img.detailMap,
          "Zones de récolte\n\nChaque lot est rattaché à une zone identifiée : la rive nord de la lagune de Bizerte ou les platiers rocheux entre Bizerte et Cap Zebib. Les algues sont triées sur place, rincées à l'eau de mer filtrée pour éliminer le sable et les épiphytes, puis séchées à l'air chaud sous 45 °C dans les six heures qui suivent la récolte.",
          "Harvest zones\n\nEvery lot is tied to an identified zone: the northern shore of the Bizerte lagoon or the rock flats between Bizerte and Cap Zebib. The seaweed is sorted on site, rinsed in filtered seawater to remove sand and epiphytes, then dried with warm air below 45 °C within six hours of harvest.",
        ),
        specSheet("Fiche de spécification : Ulva lactuca séchée", "Specification sheet: dried Ulva lactuca", [
          row(["Humidité", "≤ 12 %", "Étuve 105 °C"], ["Moisture", "≤ 12%", "Oven drying, 105 °C"]),
          row(["Protéines (sur sec)", "15 – 22 %", "Kjeldahl, N × 6,25"], ["Protein (dry basis)", "15 – 22%", "Kjeldahl, N × 6.25"]),
          row(["Cendres", "18 – 26 %", "Calcination 550 °C"], ["Ash", "18 – 26%", "Incineration, 550 °C"]),
          row(["Fibres alimentaires totales", "35 – 45 %", "AOAC 991.43"], ["Total dietary fibre", "35 – 45%", "AOAC 991.43"]),
          row(
            ["Granulométrie", "Paillettes 2 – 5 mm ; poudre < 250 µm", "Tamisage"],
            ["Particle size", "Flakes 2 – 5 mm; powder < 250 µm", "Sieving"],
          ),
          row(
            ["Métaux lourds (Pb, Cd, Hg, As)", "Analysés sur chaque lot", "ICP-MS, laboratoire accrédité"],
            ["Heavy metals (Pb, Cd, Hg, As)", "Tested on every lot", "ICP-MS, accredited laboratory"],
          ),
          harvestSeason(["Mars – juin", "March – June"]),
        ]),
        image(
          img.detailSeabed,
          "Herbier mixte d'ulves et d'algues rouges sur fond sableux (illustration)",
          "Mixed stand of sea lettuce and red seaweeds on a sandy bottom (illustration)",
        ),
      ],
    },
    {
      slug: "gracilaria-gracilis",
      category: "les-algues",
      nameFr: "Gracilaria gracilis, algue rouge à agar",
      nameEn: "Gracilaria gracilis, agar red seaweed",
      shortDescriptionFr: fr(
        "Algue rouge cultivée sur filières dans la lagune de Bizerte, riche en agar et en phycoérythrine. Livrée séchée entière, en balles pressées ou broyée, pour l'extraction d'agar, l'alimentation et la cosmétique.",
      ),
      shortDescriptionEn:
        "Red seaweed grown on long-lines in the Bizerte lagoon, rich in agar and phycoerythrin. Supplied dried whole, in pressed bales or milled, for agar extraction, food and cosmetics.",
      mainImageUrl: img.gracilaria,
      contentBlocks: [
        text(
          "Depuis 2014, nous cultivons Gracilaria gracilis sur des filières de cordes immergées entre 1 et 2 mètres de profondeur dans la lagune de Bizerte. Les boutures sont prélevées sur nos propres cultures, sans pression sur les peuplements naturels. La croissance est rapide d'avril à octobre et chaque filière est récoltée toutes les six à huit semaines.\n\nGracilaria est l'une des principales sources mondiales d'agar. Nos lots sont sélectionnés pour le rendement et la force de gel ; sur demande, nous appliquons un traitement alcalin avant séchage pour les clients extracteurs.",
          "Since 2014 we have grown Gracilaria gracilis on rope long-lines submerged 1 to 2 metres deep in the Bizerte lagoon. Seedlings are cut from our own cultures, with no pressure on wild stands. Growth is fast from April to October and each line is harvested every six to eight weeks.\n\nGracilaria is one of the world's main sources of agar. Our lots are selected for yield and gel strength; on request we apply an alkali treatment before drying for customers who extract agar.",
        ),
        specSheet("Fiche de spécification : Gracilaria séchée", "Specification sheet: dried Gracilaria", [
          row(["Humidité", "≤ 18 %", "Étuve 105 °C"], ["Moisture", "≤ 18%", "Oven drying, 105 °C"]),
          row(
            ["Rendement en agar (sur sec)", "18 – 28 %", "Extraction à l'eau chaude, méthode interne"],
            ["Agar yield (dry basis)", "18 – 28%", "Hot-water extraction, in-house method"],
          ),
          row(
            ["Force de gel (agar à 1,5 %)", "450 – 800 g/cm² après traitement alcalin", "Nikkan-Sui"],
            ["Gel strength (1.5% agar)", "450 – 800 g/cm² after alkali treatment", "Nikkan-Sui"],
          ),
          row(
            ["Impuretés (sable, coquilles, autres algues)", "≤ 3 %", "Tri visuel, pesée"],
            ["Impurities (sand, shells, other algae)", "≤ 3%", "Visual sorting, weighing"],
          ),
          row(["Cendres", "20 – 30 %", "Calcination 550 °C"], ["Ash", "20 – 30%", "Incineration, 550 °C"]),
          harvestSeason(["Avril – octobre", "April – October"]),
        ]),
        textImage(
          img.detailCoast,
          "De la filière à la claie de séchage\n\nAprès récolte, les thalles sont rincés, égouttés puis séchés au soleil sur claies ventilées, ou en séchoir hors saison, jusqu'à moins de 18 % d'humidité. Ils sont ensuite pressés en balles ou broyés selon l'usage prévu.",
          "From long-line to drying rack\n\nAfter harvest the thalli are rinsed, drained and sun-dried on ventilated racks, or in a dryer out of season, to below 18% moisture. They are then pressed into bales or milled according to their intended use.",
        ),
      ],
    },
    {
      slug: "sargassum-vulgare",
      category: "les-algues",
      nameFr: "Sargassum vulgare, sargasse",
      nameEn: "Sargassum vulgare, brown sargassum",
      shortDescriptionFr: fr(
        "Algue brune méditerranéenne récoltée à la main par coupe partielle au-dessus du crampon, source d'alginates, de fucoïdanes et de phlorotanins. Séchée, broyée ou micronisée pour les biostimulants, la cosmétique et l'extraction.",
      ),
      shortDescriptionEn:
        "Mediterranean brown seaweed hand-cut above the holdfast, a source of alginates, fucoidans and phlorotannins. Dried, milled or micronised for biostimulants, cosmetics and extraction.",
      mainImageUrl: img.sargassum,
      contentBlocks: [
        text(
          "Sargassum vulgare forme des touffes brun olive munies de petits flotteurs, les aérocystes, sur les fonds rocheux de 1 à 5 mètres. Nos plongeurs la récoltent en été sous autorisation, en coupant au-dessus du crampon pour permettre la repousse ; chaque site n'est exploité qu'une année sur deux.\n\nLes sargasses sont riches en alginates, en fucoïdanes et en phlorotanins, des polyphénols propres aux algues brunes. Elles entrent dans des biostimulants agricoles, des soins cosmétiques hydratants et antioxydants, et servent de matière première à notre extrait riche en fucoïdane.",
          "Sargassum vulgare forms olive-brown tufts with small gas bladders, the aerocysts, on rocky bottoms 1 to 5 metres deep. Our divers harvest it in summer under permit, cutting above the holdfast so that it regrows; each site is worked only every other year.\n\nSargassum is rich in alginates, fucoidans and phlorotannins, the polyphenols specific to brown seaweeds. It goes into agricultural biostimulants and moisturising, antioxidant skin care, and is the raw material of our fucoidan-rich extract.",
        ),
        image(
          img.detailSeabed,
          "Sargasses, ulves et gracilaires sur les fonds côtiers de Bizerte (illustration)",
          "Sargassum, sea lettuce and Gracilaria on the coastal bottoms off Bizerte (illustration)",
        ),
        specSheet("Fiche de spécification : Sargassum vulgare séchée", "Specification sheet: dried Sargassum vulgare", [
          row(["Humidité", "≤ 14 %", "Étuve 105 °C"], ["Moisture", "≤ 14%", "Oven drying, 105 °C"]),
          row(
            ["Alginates (sur sec)", "18 – 25 %", "Extraction alcaline, méthode interne"],
            ["Alginates (dry basis)", "18 – 25%", "Alkaline extraction, in-house method"],
          ),
          row(
            ["Polyphénols totaux", "1,5 – 3,5 % éq. acide gallique", "Folin-Ciocalteu"],
            ["Total polyphenols", "1.5 – 3.5% gallic acid eq.", "Folin-Ciocalteu"],
          ),
          row(["Iode", "100 – 400 mg/kg", "ICP-MS"], ["Iodine", "100 – 400 mg/kg", "ICP-MS"]),
          row(["Cendres", "25 – 35 %", "Calcination 550 °C"], ["Ash", "25 – 35%", "Incineration, 550 °C"]),
          row(
            ["Granulométrie", "Broyat 1 – 3 mm ; micronisé < 100 µm", "Tamisage"],
            ["Particle size", "Milled 1 – 3 mm; micronised < 100 µm", "Sieving"],
          ),
          harvestSeason(["Juin – septembre", "June – September"]),
        ]),
      ],
    },
    {
      slug: "salicorne",
      category: "les-plantes",
      nameFr: "Salicorne (Salicornia europaea)",
      nameEn: "Glasswort (Salicornia europaea)",
      shortDescriptionFr: fr(
        "Plante halophyte des prés salés de la lagune de Bizerte, cueillie jeune puis séchée et broyée. Sa poudre, naturellement salée et riche en minéraux, remplace une partie du sel dans les préparations alimentaires.",
      ),
      shortDescriptionEn:
        "Halophyte from the salt meadows of the Bizerte lagoon, picked young, then dried and milled. Its naturally salty, mineral-rich powder replaces part of the salt in food preparations.",
      mainImageUrl: img.salicornia,
      contentBlocks: [
        textImage(
          img.detailDune,
          "Les prés salés de la lagune\n\nLa salicorne pousse sur les vasières inondées à marée haute en bordure de la lagune de Bizerte. Nous la cultivons aussi sur des parcelles irriguées à l'eau saumâtre, ce qui garantit des volumes réguliers d'une année à l'autre. Les jeunes pousses sont coupées de mai à juillet, avant que les tiges ne deviennent ligneuses.",
          "The lagoon salt meadows\n\nGlasswort grows on the mudflats flooded at high tide along the Bizerte lagoon. We also grow it on plots irrigated with brackish water, which keeps volumes steady from year to year. The young shoots are cut from May to July, before the stems turn woody.",
        ),
        text(
          "Employée comme « sel vert », la poudre de salicorne apporte une saveur iodée et permet de réduire de 30 à 50 % le sel ajouté dans le pain, les charcuteries ou les sauces, tout en apportant potassium, magnésium et fibres. Les pousses séchées entières se réhydratent en quelques minutes pour la restauration. En cosmétique, l'extrait de salicorne est recherché pour ses propriétés hydratantes.",
          'Used as a "green salt", glasswort powder brings a briny flavour and cuts added salt by 30 to 50% in bread, cured meats or sauces, while contributing potassium, magnesium and fibre. Whole dried shoots rehydrate in a few minutes for food service. In cosmetics, glasswort extract is valued for its moisturising properties.',
        ),
        specSheet("Fiche de spécification : poudre de salicorne", "Specification sheet: glasswort powder", [
          row(["Humidité", "≤ 8 %", "Étuve 105 °C"], ["Moisture", "≤ 8%", "Oven drying, 105 °C"]),
          row(["Chlorure de sodium", "28 – 38 %", "Titrage de Mohr"], ["Sodium chloride", "28 – 38%", "Mohr titration"]),
          row(["Potassium", "2 – 4 %", "ICP-OES"], ["Potassium", "2 – 4%", "ICP-OES"]),
          row(["Fibres alimentaires", "15 – 25 %", "AOAC 991.43"], ["Dietary fibre", "15 – 25%", "AOAC 991.43"]),
          row(["Granulométrie", "< 500 µm", "Tamisage"], ["Particle size", "< 500 µm", "Sieving"]),
          harvestSeason(["Mai – juillet", "May – July"]),
        ]),
      ],
    },
    {
      slug: "criste-marine",
      category: "les-plantes",
      nameFr: "Criste-marine (Crithmum maritimum)",
      nameEn: "Sea fennel (Crithmum maritimum)",
      shortDescriptionFr: fr(
        "Plante aromatique des falaises de Cap Zebib aux feuilles charnues, à la saveur iodée et citronnée. Feuilles séchées toute l'année, fraîches en saison, pour l'aromatisation, la conserverie et l'extraction cosmétique.",
      ),
      shortDescriptionEn:
        "Aromatic plant of the Cap Zebib cliffs with fleshy leaves and a briny, lemony taste. Dried leaves all year round, fresh in season, for flavouring, preserves and cosmetic extraction.",
      mainImageUrl: img.seaFennel,
      contentBlocks: [
        text(
          "La criste-marine pousse dans les fissures des falaises calcaires, là où les embruns l'atteignent. Riche en vitamine C, en polyphénols (acide chlorogénique) et en huile essentielle aux notes iodées et citronnées, elle est consommée traditionnellement confite au vinaigre autour de la Méditerranée.\n\nNous la cueillons à la main de juin à septembre, en prélevant au plus un tiers des pousses de chaque pied, puis la séchons à l'ombre sous abri ventilé pour préserver son arôme. Des feuilles fraîches peuvent être expédiées réfrigérées sous 48 heures pour la restauration et la conserverie.",
          "Sea fennel grows in the cracks of limestone cliffs, wherever the sea spray reaches it. Rich in vitamin C, polyphenols (chlorogenic acid) and an essential oil with briny, lemony notes, it is traditionally eaten pickled in vinegar around the Mediterranean.\n\nWe pick it by hand from June to September, taking at most a third of the shoots of each plant, then shade-dry it under a ventilated shelter to keep its aroma. Fresh leaves can be shipped chilled within 48 hours for restaurants and preserve makers.",
        ),
        specSheet("Fiche de spécification : feuilles de criste-marine séchées", "Specification sheet: dried sea fennel leaves", [
          row(["Humidité", "≤ 10 %", "Étuve 105 °C"], ["Moisture", "≤ 10%", "Oven drying, 105 °C"]),
          row(
            ["Teneur en huile essentielle", "0,3 – 0,9 mL/100 g", "Hydrodistillation, Ph. Eur. 2.8.12"],
            ["Essential oil content", "0.3 – 0.9 mL/100 g", "Hydrodistillation, Ph. Eur. 2.8.12"],
          ),
          row(
            ["Polyphénols totaux", "2 – 4 % éq. acide gallique", "Folin-Ciocalteu"],
            ["Total polyphenols", "2 – 4% gallic acid eq.", "Folin-Ciocalteu"],
          ),
          row(["Matières étrangères", "≤ 2 %", "Ph. Eur. 2.8.2"], ["Foreign matter", "≤ 2%", "Ph. Eur. 2.8.2"]),
          row(
            ["Présentation", "Feuilles entières ou coupées 3 – 6 mm", "Tamisage"],
            ["Presentation", "Whole leaves or cut 3 – 6 mm", "Sieving"],
          ),
          harvestSeason(["Juin – septembre", "June – September"]),
        ]),
        image(
          img.detailCoast,
          "Le cap et son phare : les falaises où pousse la criste-marine (illustration)",
          "The headland and its lighthouse: the cliffs where sea fennel grows (illustration)",
        ),
      ],
    },
    {
      slug: "lentisque-feuilles",
      category: "les-plantes",
      nameFr: "Feuilles de lentisque (Pistacia lentiscus)",
      nameEn: "Mastic tree leaves (Pistacia lentiscus)",
      shortDescriptionFr: fr(
        "Feuilles d'un arbuste emblématique du maquis du nord tunisien, riches en tanins et en polyphénols. Séchées et coupées, elles servent aux infusions, aux extraits antioxydants et aux teintures végétales.",
      ),
      shortDescriptionEn:
        "Leaves of an emblematic shrub of the northern Tunisian maquis, rich in tannins and polyphenols. Dried and cut, they go into herbal teas, antioxidant extracts and plant dyes.",
      mainImageUrl: img.mastic,
      contentBlocks: [
        text(
          "Le lentisque couvre les collines littorales entre Bizerte et Cap Zebib. Nous travaillons avec des familles de cueilleurs qui taillent les rameaux en automne, après la fructification, selon une rotation qui laisse chaque arbuste se régénérer pendant deux ans. Les feuilles sont séparées des tiges, séchées à l'ombre puis coupées.",
          "Mastic shrubs cover the coastal hills between Bizerte and Cap Zebib. We work with families of gatherers who prune the branches in autumn, after fruiting, on a rotation that leaves each shrub two years to regrow. The leaves are stripped from the stems, shade-dried and cut.",
        ),
        textImage(
          img.coverPlants,
          "Une chimie d'arbuste méditerranéen\n\nLes feuilles contiennent des tanins galliques, des flavonoïdes (myricétine, quercétine) et des dérivés de l'acide gallique, à l'origine de leur forte activité antioxydante. C'est la matière première de notre extrait antioxydant de lentisque.",
          "A Mediterranean shrub's chemistry\n\nThe leaves contain gallotannins, flavonoids (myricetin, quercetin) and gallic acid derivatives, which account for their strong antioxidant activity. They are the raw material of our mastic leaf antioxidant extract.",
        ),
        specSheet("Fiche de spécification : feuilles de lentisque séchées", "Specification sheet: dried mastic tree leaves", [
          row(["Humidité", "≤ 10 %", "Étuve 105 °C"], ["Moisture", "≤ 10%", "Oven drying, 105 °C"]),
          row(
            ["Polyphénols totaux", "8 – 14 % éq. acide gallique", "Folin-Ciocalteu"],
            ["Total polyphenols", "8 – 14% gallic acid eq.", "Folin-Ciocalteu"],
          ),
          row(["Tanins", "5 – 10 %", "Ph. Eur. 2.8.14"], ["Tannins", "5 – 10%", "Ph. Eur. 2.8.14"]),
          row(["Matières étrangères", "≤ 2 %", "Ph. Eur. 2.8.2"], ["Foreign matter", "≤ 2%", "Ph. Eur. 2.8.2"]),
          row(
            ["Présentation", "Coupé 4 – 8 mm ; poudre < 315 µm", "Tamisage"],
            ["Presentation", "Cut 4 – 8 mm; powder < 315 µm", "Sieving"],
          ),
          harvestSeason(["Octobre – décembre", "October – December"]),
        ]),
      ],
    },
    {
      slug: "extrait-ulvane",
      category: "actifs-biologiques",
      nameFr: "Ulvane, polysaccharide d'Ulva",
      nameEn: "Ulvan, Ulva polysaccharide",
      shortDescriptionFr: fr(
        "Polysaccharide sulfaté extrait à l'eau chaude de notre Ulva lactuca, purifié par ultrafiltration et séché par atomisation. Poudre hydrosoluble pour la cosmétique (hydratation, film protecteur) et la recherche en biostimulation.",
      ),
      shortDescriptionEn:
        "Sulphated polysaccharide hot-water extracted from our Ulva lactuca, purified by ultrafiltration and spray-dried. A water-soluble powder for cosmetics (moisturising, protective film) and biostimulation research.",
      mainImageUrl: img.ulvan,
      contentBlocks: [
        text(
          "L'ulvane est le principal polysaccharide de la paroi des ulves. Composé de rhamnose sulfaté, d'acide glucuronique, de xylose et d'acide iduronique, il forme en solution un film hydratant et il est étudié comme éliciteur des défenses naturelles des plantes.\n\nNotre procédé n'utilise que de l'eau et de l'éthanol : extraction aqueuse à 90 °C, clarification, ultrafiltration (seuil de coupure 10 kDa), précipitation éthanolique puis atomisation. Chaque lot est livré avec son certificat d'analyse.",
          "Ulvan is the main cell-wall polysaccharide of sea lettuce. Made of sulphated rhamnose, glucuronic acid, xylose and iduronic acid, it forms a moisturising film in solution and is studied as an elicitor of plants' natural defences.\n\nOur process uses only water and ethanol: aqueous extraction at 90 °C, clarification, ultrafiltration (10 kDa cut-off), ethanol precipitation and spray-drying. Every lot ships with its certificate of analysis.",
        ),
        textImage(
          img.detailLab,
          "Développement sur mesure\n\nNotre laboratoire de Bizerte ajuste la masse moléculaire par hydrolyse ménagée et la teneur en sulfate selon votre application. Des échantillons de 50 g sont disponibles pour vos essais de formulation.",
          "Tailored development\n\nOur Bizerte laboratory adjusts molecular weight by mild hydrolysis and sulphate content to suit your application. 50 g samples are available for your formulation trials.",
        ),
        specSheet("Fiche de spécification : ulvane en poudre", "Specification sheet: ulvan powder", [
          row(["Aspect", "Poudre beige à vert pâle", "Visuel"], ["Appearance", "Beige to pale green powder", "Visual"]),
          row(["Humidité", "≤ 8 %", "Étuve 105 °C"], ["Moisture", "≤ 8%", "Oven drying, 105 °C"]),
          row(["Sucres totaux", "≥ 55 %", "Phénol-acide sulfurique (Dubois)"], ["Total sugars", "≥ 55%", "Phenol-sulphuric acid (Dubois)"]),
          row(["Sulfates", "14 – 20 %", "Turbidimétrie au chlorure de baryum"], ["Sulphate", "14 – 20%", "Barium chloride turbidimetry"]),
          row(
            ["Rhamnose (part des sucres)", "35 – 45 %", "HPLC après hydrolyse"],
            ["Rhamnose (share of sugars)", "35 – 45%", "HPLC after hydrolysis"],
          ),
          row(
            ["Masse moléculaire moyenne", "150 – 800 kDa", "Chromatographie d'exclusion stérique"],
            ["Average molecular weight", "150 – 800 kDa", "Size-exclusion chromatography"],
          ),
          row(
            ["Solubilité", "Soluble à 2 % dans l'eau à 25 °C", "Méthode interne"],
            ["Solubility", "Soluble at 2% in water at 25 °C", "In-house method"],
          ),
          row(["Flore aérobie totale", "≤ 1 000 UFC/g", "ISO 4833-1"], ["Total aerobic count", "≤ 1,000 CFU/g", "ISO 4833-1"]),
          harvestSeason(["Production toute l'année", "Produced all year round"]),
        ]),
      ],
    },
    {
      slug: "extrait-antioxydant-lentisque",
      category: "actifs-biologiques",
      nameFr: "Extrait antioxydant de lentisque",
      nameEn: "Mastic leaf antioxidant extract",
      shortDescriptionFr: fr(
        "Extrait hydroalcoolique de feuilles de Pistacia lentiscus, titré en polyphénols totaux. Actif antioxydant pour la cosmétique et ingrédient qui ralentit l'oxydation des huiles et des produits alimentaires.",
      ),
      shortDescriptionEn:
        "Hydroalcoholic extract of Pistacia lentiscus leaves, standardised in total polyphenols. An antioxidant active for cosmetics and an ingredient that slows the oxidation of oils and foods.",
      mainImageUrl: img.lentiscExtract,
      contentBlocks: [
        text(
          "Nos feuilles de lentisque sont extraites par un mélange éthanol-eau, filtrées, concentrées sous vide à basse température puis séchées par atomisation. L'éthanol est récupéré et recyclé. L'extrait est titré en polyphénols totaux et son activité antioxydante est contrôlée sur chaque lot.\n\nEn cosmétique, il protège les formules et la peau du stress oxydatif (0,1 à 0,5 % dans les émulsions). En agroalimentaire, il est évalué comme alternative d'origine végétale aux antioxydants de synthèse dans les huiles et les produits de charcuterie.",
          "Our mastic leaves are extracted with an ethanol-water blend, filtered, vacuum-concentrated at low temperature and spray-dried. The ethanol is recovered and recycled. The extract is standardised in total polyphenols and its antioxidant activity is checked on every lot.\n\nIn cosmetics it protects formulas and skin from oxidative stress (0.1 to 0.5% in emulsions). In food it is being evaluated as a plant-based alternative to synthetic antioxidants in oils and cured meat products.",
        ),
        specSheet("Fiche de spécification : extrait sec de lentisque", "Specification sheet: dry mastic leaf extract", [
          row(["Aspect", "Poudre brun rouge", "Visuel"], ["Appearance", "Red-brown powder", "Visual"]),
          row(["Solvant d'extraction", "Éthanol/eau 50:50 (v/v)", "—"], ["Extraction solvent", "Ethanol/water 50:50 (v/v)", "—"]),
          row(["Rapport plante/extrait", "5 – 7 : 1", "Bilan matière"], ["Drug-to-extract ratio", "5 – 7 : 1", "Mass balance"]),
          row(
            ["Polyphénols totaux", "≥ 25 % éq. acide gallique", "Folin-Ciocalteu"],
            ["Total polyphenols", "≥ 25% gallic acid eq.", "Folin-Ciocalteu"],
          ),
          row(
            ["Activité antiradicalaire (CI50)", "≤ 15 µg/mL", "Test DPPH"],
            ["Radical-scavenging activity (IC50)", "≤ 15 µg/mL", "DPPH assay"],
          ),
          row(["Humidité", "≤ 5 %", "Étuve 105 °C"], ["Moisture", "≤ 5%", "Oven drying, 105 °C"]),
          row(["Éthanol résiduel", "≤ 5 000 ppm", "CPG espace de tête"], ["Residual ethanol", "≤ 5,000 ppm", "Headspace GC"]),
          row(
            ["Support", "Maltodextrine 20 % (sans support sur demande)", "—"],
            ["Carrier", "Maltodextrin 20% (carrier-free on request)", "—"],
          ),
          harvestSeason(["Production toute l'année", "Produced all year round"]),
        ]),
        image(
          img.coverActives,
          "Polyphénols et polysaccharides : les familles de molécules que nous extrayons (illustration)",
          "Polyphenols and polysaccharides: the families of molecules we extract (illustration)",
        ),
      ],
    },
    {
      slug: "extrait-fucoidane",
      category: "actifs-biologiques",
      isActive: false,
      nameFr: "Extrait riche en fucoïdane de sargasse",
      nameEn: "Fucoidan-rich sargassum extract",
      shortDescriptionFr: fr(
        "Fraction polysaccharidique sulfatée extraite de Sargassum vulgare, actuellement produite en pilote. Lots de 5 kg disponibles sur demande pour essais en cosmétique et en nutraceutique.",
      ),
      shortDescriptionEn:
        "Sulphated polysaccharide fraction extracted from Sargassum vulgare, currently made at pilot scale. 5 kg lots available on request for cosmetic and nutraceutical trials.",
      mainImageUrl: img.fucoidan,
      contentBlocks: [
        text(
          "Le fucoïdane est un polysaccharide sulfaté riche en fucose, propre aux algues brunes. Nous l'extrayons de nos sargasses par extraction acide douce après élimination des pigments et des alginates, puis le concentrons par ultrafiltration.\n\nCe produit est fabriqué en pilote, par lots de 5 kg. Les spécifications ci-dessous sont indicatives ; elles seront confirmées à l'issue de la validation industrielle.",
          "Fucoidan is a fucose-rich sulphated polysaccharide specific to brown seaweeds. We extract it from our sargassum by mild acid extraction after removing pigments and alginates, then concentrate it by ultrafiltration.\n\nThis product is made at pilot scale, in 5 kg lots. The specifications below are indicative; they will be confirmed once industrial validation is complete.",
        ),
        specSheet("Spécification indicative : fucoïdane de sargasse (pilote)", "Indicative specification: sargassum fucoidan (pilot)", [
          row(
            ["Fucose (part des sucres)", "≥ 30 %", "HPLC après hydrolyse"],
            ["Fucose (share of sugars)", "≥ 30%", "HPLC after hydrolysis"],
          ),
          row(["Sulfates", "15 – 25 %", "Turbidimétrie au chlorure de baryum"], ["Sulphate", "15 – 25%", "Barium chloride turbidimetry"]),
          row(["Alginates résiduels", "≤ 5 %", "Méthode interne"], ["Residual alginates", "≤ 5%", "In-house method"]),
          row(["Polyphénols", "≤ 2 %", "Folin-Ciocalteu"], ["Polyphenols", "≤ 2%", "Folin-Ciocalteu"]),
          row(["Humidité", "≤ 8 %", "Étuve 105 °C"], ["Moisture", "≤ 8%", "Oven drying, 105 °C"]),
          harvestSeason(["Lots pilotes sur demande", "Pilot lots on request"]),
        ]),
      ],
    },
  ];

  // Key facts of the demo products (decision 0110).
  addDemoFacts(products);
  addDemoRegulatoryFacts(products);

  const banner: BannerInput = {
    imageUrlFr: img.bannerFr,
    imageUrlEn: img.bannerEn,
    imageUrlFrMobile: img.bannerFrMobile,
    imageUrlEnMobile: img.bannerEnMobile,
    titleFr: fr("Algues et plantes du littoral de Bizerte, depuis 2010"),
    titleEn: "Seaweed and coastal plants from the Bizerte coast, since 2010",
    descriptionFr: fr(
      "Nous récoltons, séchons et transformons des algues méditerranéennes et des plantes du littoral pour l'agroalimentaire, la cosmétique et la nutraceutique. Lots tracés de la zone de récolte à l'expédition, fiches techniques et échantillons sur demande.",
    ),
    descriptionEn:
      "We harvest, dry and process Mediterranean seaweeds and coastal plants for the food, cosmetics and nutraceutical industries. Lots traced from harvest zone to dispatch, technical data sheets and samples on request.",
    isDefault: true,
    isActive: true,
  };

  const partners: PartnerInput[] = [
    { name: "Halivane Cosmétique", logoUrl: img.partnerHalivane, websiteUrl: "https://example.com/halivane" },
    { name: "Ostrelle Foods", logoUrl: img.partnerOstrelle, websiteUrl: "https://example.com/ostrelle-foods" },
    { name: "Verdalune Nutrition", logoUrl: img.partnerVerdalune, websiteUrl: "https://example.com/verdalune" },
    { name: "Quelmara Labs", logoUrl: img.partnerQuelmara, websiteUrl: "https://example.com/quelmara-labs" },
    { name: "Institut Sidrane", logoUrl: img.partnerSidrane, websiteUrl: "https://example.com/sidrane" },
  ].map((partner, orderIndex) => ({ ...partner, orderIndex, isActive: true }));

  return { categories, products, banner, partners };
}
