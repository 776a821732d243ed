import type { MessageKey } from "./fr";

/** Interface texts of the public site, in English. Same keys as the French dictionary. */
export const en: Record<MessageKey, string> = {
  "site.homeLink": "Marine Algae of Tunisia, home",
  "site.skipToContent": "Skip to content",

  "nav.label": "Main navigation",
  "nav.home": "Home",
  "nav.contact": "Contact Us",
  "nav.openMenu": "Open menu",
  "nav.closeMenu": "Close menu",
  "nav.mobileLabel": "Menu",

  "lang.label": "Language",
  "lang.fr": "Français",
  "lang.en": "English",

  "footer.about": "Mediterranean marine algae, coastal plants and biological actives for the food, cosmetics and nutraceutical industries.",
  "footer.since": "In Bizerte since {year}",
  "footer.links": "Links",
  "footer.contact": "Get in touch",
  "footer.address": "Address",
  "footer.email": "E-mail",
  "footer.phone": "Phone",
  "footer.follow": "Follow Us",
  "footer.followText": "New products, seasonal harvests, trade fairs: let's stay in touch.",
  "footer.contactButton": "Contact Us",
  "footer.rights": "© {year} {name}. All rights reserved.",
  "footer.credit": "Design and development: the web team",

  "hero.cta": "Explore our products",

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
  "values.responsibility.text": "Hand harvesting, respect for regrowth cycles, energy-saving drying: we protect the resource we live from.",

  "categories.eyebrow": "Our ranges",
  "categories.title": "Three families of raw materials",
  "categories.intro": "From dried seaweed to standardised extracts, choose the range that fits your application.",
  "categories.cta": "Explore the range",

  "partners.title": "They trust us",
  "partners.visit": "{name} (new tab)",
  "partners.pause": "Pause the scrolling logos",
  "partners.play": "Resume the scrolling logos",

  "cta.title": "Let's talk about your project",
  "cta.text": "Samples, technical data sheets, volumes, packaging: our technical and sales team will answer you personally.",
  "cta.button": "Contact us",

  "category.eyebrow": "Range",
  "category.intro.les-algues":
    "Hand-harvested along the Bizerte coastline, our brown, red and green seaweeds are washed in seawater, dried at low temperature and milled to the particle size you need. They go into foods, supplements, cosmetics and biostimulants.",
  "category.intro.les-plantes":
    "Samphire, rock samphire, everlasting flower: the plants of the Tunisian coast grow between salt, wind and sun. We pick them in season, dry them with care and deliver them whole, cut or powdered.",
  "category.intro.actifs-biologiques":
    "Aqueous and hydroglycerin extracts, polysaccharides, standardised powders: our biological actives concentrate the valuable molecules of Mediterranean algae and plants, with a composition documented batch by batch.",
  "category.quote": "Request a quote",
  "category.productsTitle": "Our products",
  "category.count.one": "1 product",
  "category.count.many": "{count} products",
  "category.empty": "No product is published in this range yet. Write to us: we will tell you what is available and what is coming.",
  "category.ctaTitle": "A specific need in this range?",

  "product.available": "Available",
  "product.view": "View product",
  "product.quote": "Request a quote",
  "product.details": "Detailed information",
  "product.similar": "In the same range",
  "product.ctaTitle": "Interested in this product?",
  "product.ctaText": "Ask for a sample, the full technical data sheet or a quote: we answer every request.",
  "product.previewBand": "Preview — not published",
  "product.previewText": "This product is inactive: only administrators with this link can see it.",
  "product.tableScroll": "Scroll the table horizontally",

  "breadcrumb.label": "Breadcrumb",

  "notFound.category": "Category not found",
  "notFound.product": "Product not found",
  "notFound.text": "The page you asked for does not exist or is no longer available.",
  "notFound.back": "Back to home",

  "contact.eyebrow": "Contact",
  "contact.title": "Let's talk about your project",
  "contact.intro": "A question about a product, a sample or a quote? Write to us: a member of our team will answer you personally.",
  "contact.coordinates": "Our details",
  "contact.address": "Address",
  "contact.email": "E-mail",
  "contact.phone": "Phone",
  "contact.tipsTitle": "For a quick answer, tell us",
  "contact.tip.product": "the product or the intended application",
  "contact.tip.volume": "the estimated volume per order or per year",
  "contact.tip.packaging": "the packaging and particle size you need",
  "contact.tip.country": "the delivery country",
  "contact.formTitle": "Send a message",
  "contact.required": "Fields marked with an asterisk are required.",
  "contact.fullName": "Full name",
  "contact.emailField": "E-mail address",
  "contact.phoneField": "Phone",
  "contact.phoneCode": "Country code",
  "contact.phoneNumber": "Phone number",
  "contact.optional": "optional",
  "contact.subject": "Subject",
  "contact.message": "Message",
  "contact.honeypot": "Leave this field empty",
  "contact.submit": "Send message",
  "contact.sending": "Sending...",
  "contact.toastClose": "Close notification",
  "contact.success": "Thank you! Your message has been sent. We will get back to you shortly.",
  "contact.error": "An error occurred. Please try again.",
  "contact.errors.required": "This field is required",
  "contact.errors.email": "Invalid e-mail address",
  "contact.errors.tooLong": "{max} characters maximum",
  "contact.errors.phone": "Invalid phone number",
  "contact.errors.singleLine": "A single line, without line breaks",

  "seo.home.title": "Marine Algae of Tunisia | Seaweed, coastal plants and biological actives",
  "seo.home.description":
    "Tunisian supplier of Mediterranean marine algae, coastal plants and biological actives since 2010, in Bizerte. Traceable raw materials for the food, cosmetics and nutraceutical industries.",
  "seo.contact.title": "Contact | Marine Algae of Tunisia",
  "seo.contact.description":
    "Contact Marine Algae of Tunisia in Bizerte: quotes, samples and technical data sheets for our seaweed, plants and biological actives.",
  "seo.suffix": "Marine Algae of Tunisia",
  "seo.notFound": "Page not found",
};
