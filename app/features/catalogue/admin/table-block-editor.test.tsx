// @vitest-environment happy-dom
import type { TableData } from "@shared/schemas/table-data";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { TableBlockEditor } from "./table-block-editor";

afterEach(cleanup);

const TABLE: TableData = {
  fr: { headers: ["Paramètre", "Valeur"], rows: [["Humidité", "< 12 %"]] },
  en: { headers: ["Parameter", "Value"], rows: [["Moisture", "< 12 %"]] },
};

function Harness() {
  const [value, setValue] = useState(TABLE);
  return (
    <ScreenLang lang="fr">
      <TableBlockEditor value={value} onChange={setValue} />
    </ScreenLang>
  );
}

describe("TableBlockEditor", () => {
  it("edits each header and cell in a text box that wraps; a pasted line break becomes a space", () => {
    render(<Harness />);
    const cell = screen.getByRole("textbox", { name: "Ligne 1, colonne 2" });
    expect(cell.tagName).toBe("TEXTAREA");
    fireEvent.change(cell, { target: { value: "moins de 12 %\r\nsur matière sèche" } });
    expect((cell as HTMLTextAreaElement).value).toBe("moins de 12 % sur matière sèche");
  });

  it("puts each header in the same table column as its cells, the column's delete button in a row above", () => {
    render(<Harness />);
    for (const column of [1, 2]) {
      const header = screen.getByRole("textbox", { name: `En-tête ${column}` }).closest("th") as HTMLTableCellElement;
      const cell = screen.getByRole("textbox", { name: `Ligne 1, colonne ${column}` }).closest("td") as HTMLTableCellElement;
      expect(header.cellIndex).toBe(column - 1);
      expect(cell.cellIndex).toBe(column - 1);
      expect(header.querySelector("button")).toBeNull();
      const remove = screen.getByRole("button", { name: `Supprimer la colonne ${column}` }).closest("td") as HTMLTableCellElement;
      expect(remove.cellIndex).toBe(column - 1);
    }
  });
});
