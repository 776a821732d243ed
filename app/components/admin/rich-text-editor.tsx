import { isSafeHref, type RichDoc, richDocSchema, visibleLength } from "@shared/schemas/rich-text";
import Bold from "@tiptap/extension-bold";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Heading from "@tiptap/extension-heading";
import Italic from "@tiptap/extension-italic";
import Link from "@tiptap/extension-link";
import { BulletList, ListItem, OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import { UndoRedo } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import {
  Bold as BoldIcon,
  Heading2,
  Heading3,
  Heading4,
  Italic as ItalicIcon,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Redo2,
  Undo2,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldLabel } from "~/components/ui/field";
import { TranslationGapMarker } from "~/components/ui/translation-gaps";
import { RICH_TEXT_TEXTS } from "~/i18n/admin/rich-text";
import { useTexts } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";
import { useReadOnly } from "./read-only";

/**
 * The rich-text editor of pages and text blocks (decision 0102): Tiptap with only the extensions the document schema
 * allows (paragraphs, headings h2–h4, bold, italic, lists, links, line breaks, undo), so the editor cannot produce what
 * the server refuses. Every command is a button of the toolbar (a label, `aria-pressed` for marks and blocks) and a
 * keyboard shortcut; the editable area is a labelled multi-line text box. Admin code only: the public pages render the
 * stored document on the server (app/components/site/rich-text.tsx). Forms reach it through `./rich-text`, which loads
 * it (and Tiptap) when first shown.
 */

const EXTENSIONS = [
  Document,
  Paragraph,
  Text,
  HardBreak,
  Heading.configure({ levels: [2, 3, 4] }),
  Bold,
  Italic,
  BulletList,
  OrderedList,
  ListItem,
  UndoRedo,
  Link.configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: false,
    // The attributes the page gets are the renderer's (rel="noopener" on external links), not the editor's.
    HTMLAttributes: { rel: null, target: null, class: null },
    isAllowedUri: (url) => isSafeHref(url),
  }),
];

/** The editor's JSON as a stored document: what the schema keeps (unknown attributes dropped), or null if refused. */
function storedDoc(editor: Editor): RichDoc | null {
  const parsed = richDocSchema.safeParse(editor.getJSON());
  return parsed.success ? parsed.data : null;
}

type ToolProps = { label: string; icon: LucideIcon; pressed?: boolean; disabled?: boolean; onClick: () => void };

function Tool({ label, icon: Icon, pressed, disabled, onClick }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the selection in the editor: the command applies to what was selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700",
        pressed && "bg-teal-50 text-teal-900 ring-1 ring-teal-700/40",
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

function LinkForm({ editor, id, onClose }: { editor: Editor; id: string; onClose: () => void }) {
  const t = useTexts(RICH_TEXT_TEXTS);
  const current = editor.getAttributes("link") as { href?: string; target?: string | null };
  const [href, setHref] = useState(current.href ?? "");
  const [newTab, setNewTab] = useState(current.target === "_blank");
  const [invalid, setInvalid] = useState(false);
  const hrefRef = useRef<HTMLInputElement>(null);
  useEffect(() => hrefRef.current?.focus(), []);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const value = href.trim();
    if (!isSafeHref(value)) {
      setInvalid(true);
      hrefRef.current?.focus();
      return;
    }
    editor
      .chain()
      .focus()
      .extendMarkRange("link")
      .setLink({ href: value, target: newTab ? "_blank" : null })
      .run();
    onClose();
  };
  return (
    // Not a <form>: it sits inside the page's form, and Enter here must apply the link, not save the page.
    <fieldset
      className="space-y-3 border-b border-slate-200 bg-slate-50 p-3"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          close();
        }
        if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type === "url") {
          event.preventDefault();
          apply();
        }
      }}
    >
      <legend className="sr-only">{t("linkForm.title")}</legend>
      <div className="space-y-1">
        <label htmlFor={`${id}-href`} className="block text-sm font-medium text-navy">
          {t("linkForm.href")}
        </label>
        <input
          ref={hrefRef}
          id={`${id}-href`}
          type="url"
          inputMode="url"
          value={href}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-href-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setInvalid(false);
          }}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-navy focus:border-teal focus:outline-none focus:ring-1 focus:ring-teal aria-[invalid=true]:border-red-600"
        />
        {invalid && (
          <p id={`${id}-href-error`} className="text-xs text-red-700">
            {t("linkForm.invalid")}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-navy">
        <input
          type="checkbox"
          checked={newTab}
          onChange={(event) => setNewTab(event.target.checked)}
          className="size-4 rounded border-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        />
        {t("linkForm.newTab")}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={apply}>
          {t("linkForm.apply")}
        </Button>
        {current.href && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose();
            }}
          >
            {t("linkForm.remove")}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={close}>
          {t("linkForm.cancel")}
        </Button>
      </div>
    </fieldset>
  );
}

function Toolbar({ editor, linkOpen, onLink }: { editor: Editor; linkOpen: boolean; onLink: () => void }) {
  const t = useTexts(RICH_TEXT_TEXTS);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive("paragraph"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      h4: e.isActive("heading", { level: 4 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => () => {
    command(editor.chain().focus()).run();
  };
  // Narrow margins: the whole toolbar fits on one line in a half-width editor at 1280 px.
  const separator = <span className="mx-0.5 h-6 w-px bg-slate-200" aria-hidden="true" />;
  return (
    <div
      role="toolbar"
      aria-label={t("toolbar")}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 p-1.5"
      // Arrow keys move between the buttons too (each is also a Tab stop, so the walk through the form stays linear).
      onKeyDown={(event) => {
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
        const at = buttons.indexOf(event.target as HTMLButtonElement);
        if (at < 0) return;
        event.preventDefault();
        buttons[(at + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length]?.focus();
      }}
    >
      <Tool label={t("paragraph")} icon={Pilcrow} pressed={state.paragraph} onClick={run((c) => c.setParagraph())} />
      <Tool label={t("heading", { level: 2 })} icon={Heading2} pressed={state.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))} />
      <Tool label={t("heading", { level: 3 })} icon={Heading3} pressed={state.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))} />
      <Tool label={t("heading", { level: 4 })} icon={Heading4} pressed={state.h4} onClick={run((c) => c.toggleHeading({ level: 4 }))} />
      {separator}
      <Tool label={t("bold")} icon={BoldIcon} pressed={state.bold} onClick={run((c) => c.toggleBold())} />
      <Tool label={t("italic")} icon={ItalicIcon} pressed={state.italic} onClick={run((c) => c.toggleItalic())} />
      <Tool label={t("link")} icon={Link2} pressed={state.link || linkOpen} onClick={onLink} />
      {separator}
      <Tool label={t("bulletList")} icon={List} pressed={state.bullet} onClick={run((c) => c.toggleBulletList())} />
      <Tool label={t("orderedList")} icon={ListOrdered} pressed={state.ordered} onClick={run((c) => c.toggleOrderedList())} />
      {separator}
      <Tool label={t("undo")} icon={Undo2} disabled={!state.undo} onClick={run((c) => c.undo())} />
      <Tool label={t("redo")} icon={Redo2} disabled={!state.redo} onClick={run((c) => c.redo())} />
    </div>
  );
}

export type RichTextEditorProps = {
  id: string;
  label: ReactNode;
  value: RichDoc;
  onChange: (doc: RichDoc) => void;
  onBlur?: () => void;
  max: number;
  error?: string | undefined;
  required?: boolean;
  /** The id of the form's one `RichTextShortcuts` line; without it, the editor shows the shortcut help under itself. */
  shortcutsId?: string | undefined;
};

/** A labelled rich-text field: toolbar, editable area, visible-character counter and the field's error. */
export function RichTextEditor({ id, label, value, onChange, onBlur, max, error, required, shortcutsId }: RichTextEditorProps) {
  const t = useTexts(RICH_TEXT_TEXTS);
  const readOnly = useReadOnly();
  const labelId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  /** The last document this editor sent: a different `value` comes from outside (a reload) and replaces the content. */
  const sent = useRef<string>(JSON.stringify(value));
  const describedBy = [shortcutsId && !readOnly ? shortcutsId : null, `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    immediatelyRender: false,
    editable: !readOnly,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        ...(readOnly ? { "aria-readonly": "true" } : {}),
        "aria-labelledby": labelId,
        "aria-describedby": describedBy,
        ...(error ? { "aria-invalid": "true" } : {}),
        ...(required ? { "aria-required": "true" } : {}),
        class:
          "rich-text-editor min-h-40 max-w-none px-4 py-3 text-sm leading-6 text-navy focus:outline-none [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-2 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p+p]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-teal-800 [&_a]:underline",
      },
    },
    onUpdate: ({ editor: e }) => {
      const doc = storedDoc(e);
      if (!doc) return;
      sent.current = JSON.stringify(doc);
      onChange(doc);
    },
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    const next = JSON.stringify(value);
    if (!editor || next === sent.current) return;
    sent.current = next;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The error and required state change after the editor is made: its attributes follow them.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          "aria-describedby": describedBy,
          "aria-invalid": error ? "true" : "false",
        },
      },
    });
  }, [editor, error, describedBy]);

  const count = visibleLength(value);
  return (
    <div data-field="" className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <FieldLabel id={labelId} required={required}>
          {label}
        </FieldLabel>
        <TranslationGapMarker id={id} />
      </div>
      <div
        className={cn(
          "overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm focus-within:border-teal focus-within:ring-2 focus-within:ring-teal",
          error && "border-red-600",
        )}
      >
        {editor && !readOnly && <Toolbar editor={editor} linkOpen={linkOpen} onLink={() => setLinkOpen((open) => !open)} />}
        {editor && linkOpen && <LinkForm editor={editor} id={id} onClose={() => setLinkOpen(false)} />}
        <EditorContent editor={editor} />
      </div>
      <div id={`${id}-hint`} className="flex justify-between gap-3 text-xs text-slate-600">
        <span>{readOnly || shortcutsId ? "" : t("shortcuts")}</span>
        <span className={cn("shrink-0 tabular-nums", count > max && "font-semibold text-red-700")} aria-live="polite">
          {t("counter", { count, max })}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
