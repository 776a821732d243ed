import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Lang } from "@shared/company";
import type { ReactNode } from "react";
import { MAIL_LOGO_SIZE, type MailBrand } from "./brand";
import { DARK, FONT, LIGHT } from "./colors";

/**
 * The rules clients that read a `<style>` apply over the inline styles: dark colours where the reader asked for them
 * (Apple Mail, iOS Mail, some webmails; Gmail and Outlook invert on their own, so the light colours are chosen to survive
 * that), and narrower margins on a phone. Constant text: nothing a user typed goes in here.
 */
const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .m-bg, .m-bg > table > tbody > tr > td { background-color: ${DARK.page} !important; }
  .m-card { background-color: ${DARK.card} !important; border-color: ${DARK.border} !important; border-top-color: ${DARK.link} !important; }
  .m-text { color: ${DARK.text} !important; }
  .m-muted { color: ${DARK.muted} !important; }
  .m-link { color: ${DARK.link} !important; }
  .m-rule { border-color: ${DARK.border} !important; }
  .m-quote { border-color: ${DARK.quoteBar} !important; color: ${DARK.muted} !important; }
  .m-box { background-color: ${DARK.page} !important; border-color: ${DARK.border} !important; }
  .m-button { background-color: ${DARK.button} !important; color: ${DARK.buttonText} !important; }
}
@media only screen and (max-width: 480px) {
  .m-outer { padding: 8px 0 !important; }
  .m-pad { padding-left: 16px !important; padding-right: 16px !important; }
}
`;

/** Long words (addresses, links) break rather than widen the mail past a phone's screen. */
export const WRAP = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

export const textStyle = {
  color: LIGHT.text,
  fontFamily: FONT.body,
  fontSize: "15px",
  lineHeight: "24px",
  margin: "0 0 16px",
  ...WRAP,
} as const;

export const mutedStyle = { ...textStyle, color: LIGHT.muted, fontSize: "13px", lineHeight: "20px" } as const;

export const linkStyle = { color: LIGHT.link, textDecoration: "underline" } as const;

/** The host of the site's address, as the footer writes it ("www.example.tn"). */
function siteLabel(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}

type LayoutProps = { brand: MailBrand; lang: Lang; subject: string; preview: string; children: ReactNode };

/**
 * Every mail's frame: a card at most 600 px wide on a sand page, the logo and the company's name at the top, its
 * address, phone, e-mail and site at the bottom. The logo is the only remote resource; with images off its alt text
 * (the company's name) holds its 40 px square and the name beside it still reads.
 */
export function MailLayout({ brand, lang, subject, preview, children }: LayoutProps) {
  return (
    <Html lang={lang} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <title>{subject}</title>
        <style>{STYLE}</style>
      </Head>
      <Body className="m-bg" style={{ backgroundColor: LIGHT.page, margin: "0", padding: "0" }}>
        {preview ? <Preview>{preview}</Preview> : null}
        <Container style={{ maxWidth: "600px", width: "100%" }}>
          <Row>
            <Column className="m-outer" style={{ padding: "24px 12px" }}>
              <Section
                className="m-card"
                style={{
                  backgroundColor: LIGHT.card,
                  border: `1px solid ${LIGHT.border}`,
                  borderTop: `4px solid ${LIGHT.link}`,
                  borderRadius: "8px",
                  borderCollapse: "separate",
                }}
              >
                <Row>
                  <Column className="m-pad" style={{ padding: "20px 28px 8px" }}>
                    <Row style={{ width: "auto" }} align="left">
                      <Column style={{ width: `${MAIL_LOGO_SIZE}px`, verticalAlign: "middle" }}>
                        <Link href={brand.siteUrl} style={{ textDecoration: "none" }}>
                          <Img
                            src={brand.logoUrl}
                            alt={brand.name}
                            width={MAIL_LOGO_SIZE}
                            height={MAIL_LOGO_SIZE}
                            style={{
                              width: `${MAIL_LOGO_SIZE}px`,
                              height: `${MAIL_LOGO_SIZE}px`,
                              color: LIGHT.link,
                              fontFamily: FONT.body,
                              fontSize: "10px",
                              fontWeight: 600,
                              lineHeight: "10px",
                              textAlign: "center",
                              overflow: "hidden",
                            }}
                          />
                        </Link>
                      </Column>
                      <Column style={{ paddingLeft: "12px", verticalAlign: "middle" }}>
                        <Text
                          className="m-text"
                          style={{
                            color: LIGHT.text,
                            fontFamily: FONT.display,
                            fontSize: "20px",
                            lineHeight: "26px",
                            fontWeight: 600,
                            margin: "0",
                          }}
                        >
                          {brand.name}
                        </Text>
                      </Column>
                    </Row>
                  </Column>
                </Row>
                <Row>
                  <Column className="m-pad" style={{ padding: "16px 28px 0" }}>
                    {children}
                  </Column>
                </Row>
                <Row>
                  <Column className="m-pad" style={{ padding: "0 28px 20px" }}>
                    <Hr className="m-rule" style={{ borderTop: `1px solid ${LIGHT.border}`, margin: "8px 0 16px" }} />
                    <Text className="m-muted" style={{ ...mutedStyle, fontSize: "12px", lineHeight: "18px", margin: "0" }}>
                      <strong>{brand.name}</strong>
                      {brand.address ? (
                        <>
                          <br />
                          {brand.address}
                        </>
                      ) : null}
                      <br />
                      {brand.phone ? `${brand.phone} · ` : ""}
                      {brand.email ? (
                        <>
                          <Link className="m-link" href={`mailto:${brand.email}`} style={linkStyle}>
                            {brand.email}
                          </Link>
                          {" · "}
                        </>
                      ) : null}
                      <Link className="m-link" href={brand.siteUrl} style={linkStyle}>
                        {siteLabel(brand.siteUrl)}
                      </Link>
                    </Text>
                  </Column>
                </Row>
              </Section>
            </Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}
