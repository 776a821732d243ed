import { plainToRich, type RichDoc } from "@shared/schemas/rich-text";
import { lazy, Suspense } from "react";
import { RICH_TEXT_TEXTS } from "~/i18n/admin/rich-text";
import { useTexts } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";
import { useReadOnly } from "./read-only";
import type { RichTextEditorProps } from "./rich-text-editor";

/*
 * What the forms import of the rich-text editor. The editor itself (Tiptap and ProseMirror) is loaded when a form first
 * shows one: a chunk of its own in the browser, never loaded by the server, which draws no back-office form (issue 34).
 */
const Editor = lazy(() => import("./rich-text-editor").then((m) => ({ default: m.RichTextEditor })));

/** A labelled rich-text field (./rich-text-editor.tsx); while its code loads, a box of the editor's height. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="min-h-48 rounded-md border border-slate-200 bg-slate-50" aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  );
}

const EMPTY: RichDoc = { type: "doc", content: [{ type: "paragraph" }] };

/** The document the editor shows: a stored one, or a block's plain text read as paragraphs. */
export function editorDoc(value: RichDoc | null | undefined, plain = ""): RichDoc {
  if (value) return value;
  const doc = plainToRich(plain);
  return doc.content.length > 0 ? doc : EMPTY;
}

/**
 * The keyboard-shortcut help of the rich-text editors, said once for a form that holds several of them: each editor
 * given its `id` as `shortcutsId` points to it (aria-describedby) instead of repeating it under itself.
 */
export function RichTextShortcuts({ id, className }: { id: string; className?: string }) {
  const t = useTexts(RICH_TEXT_TEXTS);
  const readOnly = useReadOnly();
  if (readOnly) return null;
  return (
    <p id={id} className={cn("text-xs text-slate-600", className)} data-testid="rich-text-shortcuts">
      {t("shortcuts")}
    </p>
  );
}
