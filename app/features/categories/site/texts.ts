import { defineTexts } from "~/i18n/texts";

/** The category page and the category cards; `intro.<slug>` are the three house ranges' fixed intros (docs/product.md, "Category page"). */
export const CATEGORY_SITE_TEXTS = defineTexts({
  fr: {
    "card.cta": "Découvrir la gamme",
    eyebrow: "Gamme",
    "intro.les-algues":
      "Récoltées à la main sur le littoral de Bizerte, nos algues brunes, rouges et vertes sont lavées à l'eau de mer, séchées à basse température et broyées à la granulométrie de votre choix. Elles entrent dans la composition d'aliments, de compléments, de cosmétiques et de biostimulants.",
    "intro.les-plantes":
      "Salicorne, criste marine, immortelle\u00a0: les plantes du littoral tunisien poussent entre sel, vent et soleil. Nous les cueillons en saison, les séchons avec soin et les livrons entières, coupées ou en poudre.",
    "intro.actifs-biologiques":
      "Extraits aqueux et hydroglycériques, polysaccharides, poudres standardisées\u00a0: nos actifs biologiques concentrent les molécules d'intérêt des algues et plantes méditerranéennes, avec une composition documentée lot par lot.",
    quote: "Demander un devis",
    finder: "Filtrer cette gamme",
    productsTitle: "Nos produits",
    count: { one: "{count} référence", other: "{count} références" },
    empty:
      "Aucun produit n'est publié dans cette gamme pour le moment. Écrivez-nous\u00a0: nous vous dirons ce qui est disponible et ce qui arrive.",
    ctaTitle: "Un besoin précis dans cette gamme\u00a0?",
    "paging.title": "{title} – page {page}",
    "paging.label": "Pages des produits",
  },
  en: {
    "card.cta": "Explore the range",
    eyebrow: "Range",
    "intro.les-algues":
      "Hand-harvested along the Bizerte coastline, our brown, red and green seaweeds are washed in seawater, dried at low temperature and milled to the particle size you need. They go into foods, supplements, cosmetics and biostimulants.",
    "intro.les-plantes":
      "Samphire, rock samphire, everlasting flower: the plants of the Tunisian coast grow between salt, wind and sun. We pick them in season, dry them with care and deliver them whole, cut or powdered.",
    "intro.actifs-biologiques":
      "Aqueous and hydroglycerin extracts, polysaccharides, standardised powders: our biological actives concentrate the valuable molecules of Mediterranean algae and plants, with a composition documented batch by batch.",
    quote: "Request a quote",
    finder: "Filter this range",
    productsTitle: "Our products",
    count: { one: "{count} product", other: "{count} products" },
    empty: "No product is published in this range yet. Write to us: we will tell you what is available and what is coming.",
    ctaTitle: "A specific need in this range?",
    "paging.title": "{title} – page {page}",
    "paging.label": "Product pages",
  },
});
