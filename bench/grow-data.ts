/**
 * `npm run grow-data`: adds to a database the data a busy supplier gathers in three years, for the bench and for
 * trying each screen on it (issue "Years of data"):
 *   1,000,000 visits over three years (about 15 % in the last 90 days), 20,000 contact messages (a third with 1–3
 *   replies, each with its sent e-mail), 1,500 products with 5 content blocks each (forms, harvest countries, samples,
 *   1–3 applications and functions each, for the product finder), 100 partners, 20,000 history rows.
 * Texts carry accents, ligatures, `%` and `_`, so search is tried on what real names look like.
 *
 *   DATABASE_URL=postgres://… npm run grow-data     PostgreSQL
 *   DATA_DIR=./data npm run grow-data               the embedded database (the server must be stopped)
 *   GROW_SCALE=0.1 …                                a tenth of everything (tests, quick looks)
 *   GROW_VISITS=uniform …                           visits shaped unlike a small site's (issue 34): spread evenly
 *                                                   over the three years, on 50,000 paths and 50,000 referrer
 *                                                   domains, by 300,000 visitors
 *
 * Everything is inserted by a few `INSERT … SELECT generate_series(…)` statements, so both engines make the whole set
 * in well under a minute. Running it twice adds the set twice (slugs carry a run tag). The database is migrated first;
 * products go into the existing categories (three are created on an empty database).
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "../server/db/client";

const SCALE = Number(process.env.GROW_SCALE ?? 1);
const COUNTS = {
  visits: Math.round(1_000_000 * SCALE),
  messages: Math.round(20_000 * SCALE),
  products: Math.round(1_500 * SCALE),
  blocksPerProduct: 5,
  partners: Math.round(100 * SCALE),
  history: Math.round(20_000 * SCALE),
};
/** Visits spread over three years, denser lately: `now - random()^1.3 × 1095 days` puts about 15 % in the last 90 days. */
const VISIT_SKEW = 1.3;
const DAYS = 1095;
/** GROW_VISITS=uniform: no skew towards recent days, and far more distinct values than a small site's (issue 34). */
const UNIFORM = process.env.GROW_VISITS === "uniform";
const UNIFORM_SHAPE = { paths: 50_000, referrers: 50_000, visitors: 300_000 };

type Step = { name: string; run: (db: Db, tag: string) => Promise<unknown> };

const WORDS = sql.raw(
  `array['Ulva lactuca','Œnothère','Laminaire','Posidonie','Criste marine','Fucus vésiculeux','Salicorne','Spiruline','Cœur d''algue','Extrait 100%','Lot_2024','Gracilaire','Crithmum','Æglé','Açaï marin','Cystoseira','Padina','Immortelle','Lentisque','Jujubier']`,
);
/** A random element of a SQL array, drawn again for each row. */
const pick = (array: ReturnType<typeof sql.raw>) => sql`(${array})[1 + floor(random() * array_length(${array}, 1))::int]`;

const STEPS: Step[] = [
  {
    name: "categories (only when there are none)",
    run: (db) =>
      db.execute(sql`
        insert into categories (slug, name_fr, name_en, position)
        select v.slug, v.fr, v.en, v.pos from (values
          ('les-algues', 'Les algues', 'Seaweeds', 0),
          ('les-plantes', 'Les plantes', 'Plants', 1),
          ('actifs-biologiques', 'Actifs biologiques', 'Biological actives', 2)) as v(slug, fr, en, pos)
        where not exists (select 1 from categories)`),
  },
  {
    name: `${COUNTS.products} products`,
    run: (db, tag) =>
      db.execute(sql`
        with cats as (select array_agg(id order by position) as ids from categories),
             images as (select coalesce(array_agg(distinct main_image_url) filter (where main_image_url <> ''), array['']) as urls from products)
        insert into products (slug, name_fr, name_en, short_description_fr, short_description_en, main_image_url, category_id, is_active,
                              created_at, updated_at, form_fr, form_en, harvest_country, sample_available)
        select 'grown-' || ${tag} || '-' || n,
               ${pick(WORDS)} || ' n°' || n,
               ${pick(WORDS)} || ' no. ' || n,
               'Matière première tracée, récoltée à Bizerte : ' || ${pick(WORDS)} || ', qualité cosmétique et alimentaire.',
               'Traced raw material harvested in Bizerte: ' || ${pick(WORDS)} || ', cosmetic and food grade.',
               images.urls[1 + (n % array_length(images.urls, 1))],
               cats.ids[1 + (n % array_length(cats.ids, 1))],
               n % 10 <> 0,
               now() - (random() * ${DAYS}) * interval '1 day',
               now() - (random() * 30) * interval '1 day',
               (array['Poudre','Poudre fine','Liquide','Paillettes','Algue entière séchée','Gel'])[1 + n % 6],
               (array['Powder','Fine powder','Liquid','Flakes','Whole dried seaweed','Gel'])[1 + n % 6],
               (array['TN','TN','TN','IT','ES','FR','MA'])[1 + n % 7],
               n % 4 <> 0
        from generate_series(1, ${COUNTS.products}) as n, cats, images`),
  },
  {
    name: "applications and functions (only when there are none), 1–3 of each per product",
    run: async (db, tag) => {
      await db.execute(sql`
        insert into applications (slug, name_fr, name_en, position)
        select v.slug, v.fr, v.en, v.pos from (values
          ('food', 'Alimentaire', 'Food', 0), ('cosmetics', 'Cosmétique', 'Cosmetics', 1), ('nutraceutical', 'Nutraceutique', 'Nutraceuticals', 2),
          ('feed', 'Alimentation animale', 'Animal feed', 3), ('agriculture', 'Agriculture', 'Agriculture', 4)) as v(slug, fr, en, pos)
        where not exists (select 1 from applications)`);
      await db.execute(sql`
        insert into functions (slug, name_fr, name_en, position)
        select v.slug, v.fr, v.en, v.pos from (values
          ('gelling-agent', 'Agent gélifiant', 'Gelling agent', 0), ('thickener', 'Épaississant', 'Thickener', 1),
          ('humectant', 'Humectant', 'Humectant', 2), ('antioxidant', 'Antioxydant', 'Antioxidant', 3),
          ('biostimulant', 'Biostimulant', 'Biostimulant', 4), ('emulsifier', 'Émulsifiant', 'Emulsifier', 5)) as v(slug, fr, en, pos)
        where not exists (select 1 from functions)`);
      for (const [link, list, column] of [
        ["product_applications", "applications", "application_id"],
        ["product_functions", "functions", "function_id"],
      ] as const) {
        await db.execute(sql`
          with items as (select array_agg(id order by position) as ids from ${sql.raw(list)})
          insert into ${sql.raw(link)} (${sql.raw(column)}, product_id, position)
          select items.ids[1 + (abs(hashtext(p.slug)) + k * 7) % array_length(items.ids, 1)], p.id, min(k)
          from products p, items, generate_series(0, abs(hashtext(p.slug)) % 3) as k
          where p.slug like ${`grown-${tag}-%`}
          group by 1, 2
          on conflict do nothing`);
      }
    },
  },
  {
    name: `${COUNTS.products * COUNTS.blocksPerProduct} content blocks`,
    run: (db, tag) =>
      db.execute(sql`
        insert into content_blocks (product_id, type, content_fr, content_en, position, table_data)
        select p.id,
               case when b = 3 then 'table' else 'text' end,
               case when b = 3 then 'Caractéristiques' else repeat('Composition, origine et usages de ' || p.name_fr || '. ', 8) end,
               case when b = 3 then 'Specifications' else repeat('Composition, origin and uses of ' || p.name_en || '. ', 8) end,
               b,
               case when b = 3 then jsonb_build_object(
                 'fr', jsonb_build_object('headers', jsonb_build_array('Paramètre', 'Valeur'),
                   'rows', jsonb_build_array(jsonb_build_array('Humidité', '< 12 %'), jsonb_build_array('Cendres', '< 30 %'))),
                 'en', jsonb_build_object('headers', jsonb_build_array('Parameter', 'Value'),
                   'rows', jsonb_build_array(jsonb_build_array('Moisture', '< 12 %'), jsonb_build_array('Ash', '< 30 %'))))
               end
        from products p, generate_series(0, ${COUNTS.blocksPerProduct - 1}) as b
        where p.slug like ${`grown-${tag}-%`}`),
  },
  {
    name: `${COUNTS.partners} partners`,
    run: (db, tag) =>
      db.execute(sql`
        insert into partners (name, logo_url, website_url, order_index, is_active)
        select 'Partenaire ' || ${tag} || ' ' || n || ' – ' || ${pick(WORDS)}, '', 'https://partner-' || n || '.example.com', n, n % 7 <> 0
        from generate_series(1, ${COUNTS.partners}) as n`),
  },
  {
    name: `${COUNTS.messages} contact messages, a third with 1–3 replies`,
    run: (db) =>
      db.execute(sql`
        insert into contact_submissions (full_name, email, phone, subject, message, is_read, replies, created_at)
        select first || ' ' || last,
               lower(translate(first, 'éèçïœ', 'eecio')) || '.' || n || '@' || (array['example.com','exemple.fr','société.tn','mail.test'])[1 + n % 4],
               '+216 ' || (20000000 + n)::text,
               (array['Demande de devis','Request for a quote','Échantillon ' || ${pick(WORDS)},'Fiche technique','Prix 100% bio ?','Commande_lot'])[1 + n % 6],
               'Bonjour, nous souhaitons recevoir des informations sur ' || ${pick(WORDS)} || ' (quantité ' || (n % 900 + 100) || ' kg). Merci d''avance.',
               n % 5 <> 0,
               case when n % 3 = 0 then (
                 select jsonb_agg(jsonb_build_object(
                   'message', 'Merci pour votre demande, voici notre offre n° ' || n || '-' || r,
                   'sentAt', to_char((created - interval '1 day' * (r - 4)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'messageId', '<grown-' || gen_random_uuid() || '@marine-algae.test>',
                   'outboxId', gen_random_uuid()))
                 from generate_series(1, 1 + (n / 3) % 3) as r)
               else '[]'::jsonb end,
               created
        from (
          select n,
                 (array['Amel','Hédi','Sonia','Jérôme','Zoë','Chloé','Ahmed','Inès','Noël','Françoise'])[1 + n % 10] as first,
                 (array['Ben Salah','Trabelsi','Dupont','Lefèvre','Müller','García','Œuvray','Haddad','Brontë','Jouini'])[1 + (n / 10) % 10] as last,
                 now() - (random() * ${DAYS}) * interval '1 day' as created
          from generate_series(1, ${COUNTS.messages}) as n
        ) as m`),
  },
  {
    name: "one sent e-mail per reply",
    run: (db) =>
      db.execute(sql`
        insert into mail_outbox (id, kind, submission_id, message_id, to_address, subject, body_text, status, attempts, sent_at, created_at)
        select (r->>'outboxId')::uuid, 'reply', c.id, r->>'messageId', c.email, 'Re: ' || c.subject, r->>'message', 'sent', 1,
               (r->>'sentAt')::timestamptz, (r->>'sentAt')::timestamptz
        from contact_submissions c, jsonb_array_elements(c.replies) as r
        where r->>'messageId' like '<grown-%' and not exists (select 1 from mail_outbox o where o.id = (r->>'outboxId')::uuid)`),
  },
  {
    name: `${COUNTS.visits} visits${UNIFORM ? " (uniform: 50,000 paths and referrers, 300,000 visitors)" : ""}`,
    run: (db) =>
      UNIFORM
        ? db.execute(sql`
        insert into analytics_visits (page_path, referrer, visitor_hash, referrer_host, utm_source, utm_campaign, lang, device, created_at)
        select '/product/p-' || (random() * ${UNIFORM_SHAPE.paths - 1})::int,
               case when n % 2 = 0 then 'https://r' || h || '.example/' else '' end,
               md5(((random() * ${UNIFORM_SHAPE.visitors - 1})::int)::text),
               case when n % 2 = 0 then 'r' || h || '.example' else null end,
               case when n % 13 = 0 then 'source-' || n % 500 else null end,
               case when n % 13 = 0 then 'campaign-' || n % 700 else null end,
               case when n % 3 = 0 then 'en' else 'fr' end,
               (array['phone','desktop','desktop','tablet'])[1 + n % 4],
               now() - random() * ${DAYS} * interval '1 day'
        from (select n, (random() * ${UNIFORM_SHAPE.referrers - 1})::int as h from generate_series(1, ${COUNTS.visits}) as n) as g`)
        : db.execute(sql`
        with pages as (
          select array['/', '/contact', '/category/les-algues', '/category/les-plantes', '/category/actifs-biologiques']
                 || coalesce((select array_agg('/product/' || slug) from (select slug from products order by created_at limit 200) s), array[]::text[]) as paths
        )
        insert into analytics_visits (page_path, referrer, visitor_hash, referrer_host, utm_source, utm_campaign, lang, device, created_at)
        select pages.paths[1 + floor(power(random(), 2) * array_length(pages.paths, 1))::int],
               case when n % 4 = 0 then 'https://www.google.com/' else '' end,
               md5((n / 3)::text),
               case when n % 4 = 0 then 'www.google.com' when n % 11 = 0 then 'www.linkedin.com' else null end,
               case when n % 13 = 0 then 'newsletter' else null end,
               case when n % 13 = 0 then 'printemps' else null end,
               case when n % 3 = 0 then 'en' else 'fr' end,
               (array['phone','desktop','desktop','tablet'])[1 + n % 4],
               now() - power(random(), ${VISIT_SKEW}) * ${DAYS} * interval '1 day'
        from generate_series(1, ${COUNTS.visits}) as n, pages`),
  },
  {
    name: `${COUNTS.history} history entries`,
    run: (db) =>
      db.execute(sql`
        insert into admin_history (email, action, entity_type, entity_id, label, method, route, created_at)
        select 'admin' || (n % 4) || '@marine-algae.test',
               (array['create','update','delete','activate','deactivate'])[1 + n % 5],
               (array['product','category','banner','partner','message'])[1 + (n / 5) % 5],
               gen_random_uuid()::text,
               ${pick(WORDS)} || ' n°' || n,
               (array['POST','PUT','DELETE','PATCH','PATCH'])[1 + n % 5],
               '/api/products/:id',
               now() - (random() * ${DAYS}) * interval '1 day'
        from generate_series(1, ${COUNTS.history}) as n`),
  },
];

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? "./data" });
  const tag = randomBytes(3).toString("hex");
  const started = performance.now();
  try {
    await database.migrate();
    for (const step of STEPS) {
      const begin = performance.now();
      await step.run(database.db, tag);
      console.log(`  ${step.name}: ${Math.round(performance.now() - begin)} ms`);
    }
    const analyze = performance.now();
    await database.db.execute(sql`analyze`);
    console.log(`  analyze: ${Math.round(performance.now() - analyze)} ms`);
  } finally {
    await database.close();
  }
  console.log(`Grown (${database.kind}, run tag ${tag}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

await main();
