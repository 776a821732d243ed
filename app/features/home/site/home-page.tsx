import type { PublicTradeShow } from "@shared/resources/trade-shows";
import type { Banner } from "@shared/schemas/banner";
import type { Category } from "@shared/schemas/category";
import type { MediaLooks } from "@shared/schemas/media";
import type { Partner } from "@shared/schemas/partner";
import { SlidersHorizontal } from "lucide-react";
import { ImageLooks } from "~/components/site/image-looks";
import { SectionHeading } from "~/components/site/section-heading";
import { siteDataFromMatches, useSiteData } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { Hero } from "~/features/banners/site/hero";
import { CategoryCard } from "~/features/categories/site/category-card";
import { ContactBand } from "~/features/inbox/site/contact-band";
import { PartnerCarousel } from "~/features/partners/site/partner-carousel";
import { ComingTradeShows } from "~/features/trade-shows/site/coming-trade-shows";
import { langFromSearch } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { organizationJsonLd, pageMeta } from "~/lib/seo";
import { logFailedRead, servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/home-page";
import { HOME_SITE_TEXTS } from "./texts";
import { Timeline } from "./timeline";
import { MissionValues } from "./values";

const PRODUCTS_SECTION_ID = "products";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  /** A failing optional section (banner, partners) is logged and left out; the page still renders. */
  async function optional<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await load();
    } catch (error) {
      logFailedRead(context, what, error);
      return fallback;
    }
  }
  const [banner, partners, categories, tradeShows] = await Promise.all([
    optional<Banner | null>("active banner", () => services.banners.getActive(), null),
    optional<Partner[]>("partners", () => services.partners.listActive(), []),
    optional<Category[]>("categories", () => services.categories.list(), []),
    optional<PublicTradeShow[]>("trade shows", () => services.tradeShows.listPublic(), []),
  ]);
  // The media library's alt texts and focal points of the banner, category cards and logos, in one query (decision 0105).
  const imageLooks = await optional<MediaLooks>(
    "image looks",
    () =>
      services.media.looks([
        banner?.imageUrlFr,
        banner?.imageUrlEn,
        banner?.imageUrlFrMobile,
        banner?.imageUrlEnMobile,
        ...partners.map((partner) => partner.logoUrl),
        ...categories.map((category) => category.coverImageUrl),
      ]),
    {},
  );
  return { banner, partners, tradeShows, imageLooks };
}

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin, settings } = siteDataFromMatches(matches);
  const description = translate(HOME_SITE_TEXTS, lang, "seo.description");
  return pageMeta({
    title: translate(HOME_SITE_TEXTS, lang, "seo.title"),
    description,
    path: "/",
    lang,
    origin,
    image: loaderData?.banner ? (lang === "en" ? loaderData.banner.imageUrlEn : loaderData.banner.imageUrlFr) : null,
    jsonLd: [organizationJsonLd(origin, "/logo.svg", description, settings.company)],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, partners, tradeShows, imageLooks } = loaderData;
  const { categories, islands, settings } = useSiteData();
  const { lang, href } = useLang();
  const t = useTexts(HOME_SITE_TEXTS);
  const { hero, story, mission, values, cta } = settings.home;
  return (
    <ImageLooks looks={imageLooks} lang={lang}>
      {banner ? <Hero banner={banner} targetId={PRODUCTS_SECTION_ID} /> : <h1 className="sr-only">{hero[lang]}</h1>}
      <Timeline story={story} />
      <MissionValues mission={mission} values={values} />
      <section
        id={PRODUCTS_SECTION_ID}
        tabIndex={-1}
        aria-labelledby="categories-title"
        className="scroll-mt-20 bg-white px-4 py-20 focus:outline-none sm:px-6 sm:py-24 lg:px-8"
      >
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="categories-title"
            eyebrow={t("categories.eyebrow")}
            title={t("categories.title")}
            intro={t("categories.intro")}
          />
          {categories.length > 0 && (
            <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {categories.map((category) => (
                <li key={category._id} className="flex">
                  <CategoryCard category={category} />
                </li>
              ))}
            </ul>
          )}
          <ButtonLink to={href("/products")} variant="secondary" size="lg" className="mt-10">
            <SlidersHorizontal className="size-5" aria-hidden="true" />
            {t("categories.finder")}
          </ButtonLink>
        </div>
      </section>
      {tradeShows.length > 0 && <ComingTradeShows shows={tradeShows} />}
      {partners.length > 0 && <PartnerCarousel partners={partners} island={islands.carousel} />}
      <ContactBand title={cta.title[lang]} text={cta.text[lang]} button={cta.button[lang]} />
    </ImageLooks>
  );
}
