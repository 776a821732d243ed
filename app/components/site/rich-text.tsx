import type { RichBlock, RichDoc, RichInline, RichListItem, RichMark } from "@shared/schemas/rich-text";
import { Fragment, type ReactNode } from "react";

/**
 * A rich text document rendered to React elements from its structure (decision 0102): no HTML is parsed and none is
 * injected, so a text can only ever produce the elements listed here. Links keep the address the schema accepted;
 * one to another site gets `rel="noopener"` (and opens in a new tab only when its author chose so).
 */

const LINK =
  "font-medium text-[var(--ink,#0b3a5b)] underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current rounded-sm";

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function withMark(mark: RichMark, children: ReactNode): ReactNode {
  switch (mark.type) {
    case "bold":
      return <strong>{children}</strong>;
    case "italic":
      return <em>{children}</em>;
    case "link": {
      const { href, target } = mark.attrs;
      const rel = isExternal(href) ? (target === "_blank" ? "noopener noreferrer" : "noopener") : undefined;
      return (
        <a href={href} target={target ?? undefined} rel={rel} className={LINK}>
          {children}
        </a>
      );
    }
  }
}

/** Links outermost, then bold, then italic: the same markup whatever order the editor stored the marks in. */
const MARK_ORDER: Record<RichMark["type"], number> = { link: 0, bold: 1, italic: 2 };

function Inline({ nodes }: { nodes: RichInline[] | undefined }) {
  return (nodes ?? []).map((node, index) => {
    const marks = node.type === "text" ? [...(node.marks ?? [])].sort((a, b) => MARK_ORDER[b.type] - MARK_ORDER[a.type]) : [];
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: nodes have no identity but their position
      <Fragment key={index}>
        {node.type === "hardBreak" ? <br /> : marks.reduce<ReactNode>((inner, mark) => withMark(mark, inner), node.text)}
      </Fragment>
    );
  });
}

const HEADING = {
  2: "mt-10 font-display text-2xl font-semibold text-navy first:mt-0",
  3: "mt-8 font-display text-xl font-semibold text-navy first:mt-0",
  4: "mt-6 text-lg font-semibold text-navy first:mt-0",
} as const;

function ListItem({ item }: { item: RichListItem }) {
  return (
    <li className="pl-1">
      {item.content.map((child, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: nodes have no identity but their position
        child.type === "paragraph" ? <Inline key={index} nodes={child.content} /> : <Block key={index} block={child} nested />,
      )}
    </li>
  );
}

function Block({ block, nested = false }: { block: RichBlock; nested?: boolean }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p className="text-pretty [&+*]:mt-5">
          <Inline nodes={block.content} />
        </p>
      );
    case "heading": {
      const Tag = `h${block.attrs.level}` as const;
      return (
        <Tag className={HEADING[block.attrs.level]}>
          <Inline nodes={block.content} />
        </Tag>
      );
    }
    case "bulletList":
    case "orderedList": {
      const items = block.content.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: nodes have no identity but their position
        <ListItem key={index} item={item} />
      ));
      const spacing = nested ? "mt-2" : "[&+*]:mt-5";
      return block.type === "bulletList" ? (
        <ul className={`list-disc space-y-2 pl-6 ${spacing}`}>{items}</ul>
      ) : (
        <ol
          start={block.attrs?.start !== undefined && block.attrs.start !== 1 ? block.attrs.start : undefined}
          className={`list-decimal space-y-2 pl-6 ${spacing}`}
        >
          {items}
        </ol>
      );
    }
  }
}

export function RichText({ doc, className }: { doc: RichDoc; className?: string }) {
  return (
    <div className={className}>
      {doc.content.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: nodes have no identity but their position
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
