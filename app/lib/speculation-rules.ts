/**
 * Speculation rules of the public pages: same-origin links are prerendered when the visitor shows intent (hover or
 * touch start: `moderate`), except the back office, the API, uploads and the SEO files. Only links are ever
 * prerendered, so the contact form's POST never is. Inline, so the Content-Security-Policy carries its hash.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin" } },
          { not: { href_matches: "/admin/*" } },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/uploads/*" } },
          { not: { href_matches: "/*.xml" } },
          { not: { href_matches: "/*.txt" } },
          { not: { selector_matches: "[target=_blank], [rel~=nofollow], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
