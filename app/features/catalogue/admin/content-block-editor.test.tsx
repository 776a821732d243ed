// @vitest-environment happy-dom
import { productInputSchema } from "@shared/schemas/product";
import { emptyTableData } from "@shared/schemas/table-data";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useFieldArray, useWatch } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { useZodForm } from "~/lib/admin/form";
import { ContentBlockEditor } from "./content-block-editor";
import { EMPTY_PRODUCT } from "./product-form";

afterEach(cleanup);

/** The product form's block list, as product-form.tsx wires it: a field array of editors, renumbered after each change. */
function Blocks() {
  const { control, register, formState, getValues, setValue } = useZodForm(productInputSchema, {
    defaultValues: {
      ...EMPTY_PRODUCT,
      contentBlocks: [
        { type: "text", contentFr: "Premier", contentEn: "First", order: 0, imageUrl: "", tableData: null },
        { type: "table", contentFr: "Analyse", contentEn: "Analysis", order: 1, imageUrl: "", tableData: emptyTableData() },
      ],
    },
  });
  const blocks = useFieldArray({ control, name: "contentBlocks" });
  const renumber = () => {
    for (const [i] of (getValues("contentBlocks") ?? []).entries()) setValue(`contentBlocks.${i}.order`, i);
  };
  const watched = useWatch({ control, name: "contentBlocks" }) ?? [];
  return (
    <>
      {blocks.fields.map((field, index) => (
        <ContentBlockEditor
          key={field.id}
          blockKey={field.id}
          index={index}
          count={blocks.fields.length}
          type={field.type}
          control={control}
          register={register}
          errors={formState.errors}
          onMoveUp={() => {
            blocks.swap(index, index - 1);
            renumber();
          }}
          onMoveDown={() => {
            blocks.swap(index, index + 1);
            renumber();
          }}
          onRemove={() => {
            blocks.remove(index);
            renumber();
          }}
          onUploadingChange={() => {}}
        />
      ))}
      <output data-testid="values">{JSON.stringify(watched.map((b) => [b.order, b.type, b.contentFr]))}</output>
    </>
  );
}

const titles = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("ContentBlockEditor in the product form's block list", () => {
  it("titles each block with its number and type, and disables moving the first up and the last down", () => {
    render(<Blocks />);
    expect(titles()).toEqual(["Bloc 1 · Texte", "Bloc 2 · Tableau"]);
    expect(screen.getByRole("button", { name: "Monter le bloc 1" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Descendre le bloc 2" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Descendre le bloc 1" }).hasAttribute("disabled")).toBe(false);
  });

  it("moves a block with its texts and renumbers the order, then removes one", () => {
    render(<Blocks />);
    fireEvent.click(screen.getByRole("button", { name: "Monter le bloc 2" }));
    expect(titles()).toEqual(["Bloc 1 · Tableau", "Bloc 2 · Texte"]);
    expect(JSON.parse(screen.getByTestId("values").textContent ?? "")).toEqual([
      [0, "table", "Analyse"],
      [1, "text", "Premier"],
    ]);
    const [first] = screen.getAllByTestId("content-block");
    if (!first) throw new Error("no block");
    expect((within(first).getByLabelText(/Titre du tableau \(FR\)/) as HTMLInputElement).value).toBe("Analyse");
    fireEvent.click(screen.getByRole("button", { name: "Supprimer le bloc 1" }));
    expect(titles()).toEqual(["Bloc 1 · Texte"]);
  });

  it("starts a text block's rich editor from its plain text and counts its visible characters against the block limit", async () => {
    render(<Blocks />);
    const [text] = screen.getAllByTestId("content-block");
    if (!text) throw new Error("no block");
    // The editor's code is loaded when first shown (components/admin/rich-text.tsx).
    expect(await within(text).findByText("Contenu (FR)")).toBeTruthy();
    expect(within(text).getByText(/^7\/1000 caractères visibles$/)).toBeTruthy();
  });
});
