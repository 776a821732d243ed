import { Button } from "@react-email/button";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, type ReactNode } from "react";
import { LIGHT } from "./colors";
import type { Block } from "./content";
import { linkStyle, mutedStyle, textStyle, WRAP } from "./layout";

/** Lines joined by `<br>`: each line a text node, so React escapes it. */
function withBreaks(lines: readonly string[]): ReactNode {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one block, built once and never reordered
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/** Typed text as paragraphs (split at empty lines), its line breaks kept; no markup, no link made from it. */
function Typed({ text, muted = false }: { text: string; muted?: boolean }) {
  const paragraphs = text
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .map((paragraph) => paragraph.split(/\r?\n/))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
  return paragraphs.map((lines, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, built once and never reordered
    <Text key={index} className={muted ? "m-muted" : "m-text"} style={muted ? { ...mutedStyle, fontSize: "14px" } : textStyle}>
      {withBreaks(lines)}
    </Text>
  ));
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <Text className="m-text" lang={block.lang} style={block.strong ? { ...textStyle, fontWeight: 600 } : textStyle}>
          {withBreaks(block.lines)}
        </Text>
      );
    case "message":
      if (!block.boxed) return <Typed text={block.text} />;
      return (
        <Section
          className="m-box"
          style={{
            backgroundColor: LIGHT.page,
            border: `1px solid ${LIGHT.border}`,
            borderRadius: "6px",
            borderCollapse: "separate",
            margin: "0 0 16px",
            padding: "16px 16px 0",
          }}
        >
          <Typed text={block.text} />
        </Section>
      );
    case "button":
      return (
        <Section style={{ margin: "8px 0 16px" }}>
          <Button
            className="m-button"
            href={block.href}
            style={{
              backgroundColor: LIGHT.button,
              color: LIGHT.buttonText,
              borderRadius: "6px",
              fontFamily: textStyle.fontFamily,
              fontSize: "15px",
              fontWeight: 600,
              lineHeight: "20px",
              padding: "12px 20px",
              textDecoration: "none",
            }}
          >
            {block.label}
          </Button>
          {block.showHref ? (
            <Text className="m-muted" style={{ ...mutedStyle, margin: "12px 0 0", ...WRAP }}>
              <Link className="m-link" href={block.href} style={linkStyle}>
                {block.href}
              </Link>
            </Text>
          ) : null}
        </Section>
      );
    case "separator":
      return <Hr className="m-rule" style={{ borderTop: `1px solid ${LIGHT.border}`, margin: "8px 0 24px" }} />;
    case "signature":
      return (
        <Text className="m-muted" style={{ ...mutedStyle, fontSize: "14px", margin: "0 0 16px" }}>
          {withBreaks(block.lines)}
        </Text>
      );
    case "attachments":
      return (
        <Section style={{ margin: "0 0 16px" }}>
          <Text className="m-text" style={{ ...textStyle, fontSize: "14px", fontWeight: 600, margin: "0" }}>
            {block.title}
          </Text>
          <ul className="m-text" style={{ ...textStyle, fontSize: "14px", margin: "0", paddingLeft: "20px" }}>
            {block.names.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list is never reordered
              <li key={index}>{name}</li>
            ))}
          </ul>
        </Section>
      );
    case "quote":
      return (
        <Section style={{ margin: "8px 0 16px" }}>
          <Text className="m-muted" style={{ ...mutedStyle, fontSize: "14px", margin: "0 0 8px" }}>
            {block.header}
          </Text>
          <blockquote
            className="m-quote"
            style={{ margin: "0 0 0 0.8ex", borderLeft: `2px solid ${LIGHT.quoteBar}`, paddingLeft: "1ex", color: LIGHT.muted }}
          >
            <Typed text={block.text} muted />
          </blockquote>
        </Section>
      );
  }
}

/** The HTML part of the blocks, in order. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one mail, built once and never reordered
    <BlockView key={index} block={block} />
  ));
}
