// @vitest-environment happy-dom
import { initialValuesOf } from "@shared/resources/define";
import { type TradeShowInput, tradeShowInputSchema, tradeShowResource } from "@shared/resources/trade-shows";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Card, CardHeader } from "~/components/ui/card";
import { TranslationSection, TranslationSectionCount } from "~/components/ui/translation-gaps";
import { useZodForm } from "~/lib/admin/form";
import { DeclaredFields } from "./declared-fields";
import { FormTranslationGaps } from "./translation-gaps";

afterEach(cleanup);

/** A declared form in two cards: the names in one, the cities in the other, each card counting its own gaps. */
function Form() {
  const { register, control, formState } = useZodForm(tradeShowInputSchema, {
    defaultValues: initialValuesOf(tradeShowResource) as TradeShowInput,
  });
  const fields = (names: string[]) => Object.fromEntries(names.map((name) => [name, tradeShowResource.fields[name as "nameFr"]]));
  return (
    <FormTranslationGaps resource={tradeShowResource} control={control} idPrefix="show">
      <p data-testid="nav">
        <TranslationSectionCount name="all" />
      </p>
      <TranslationSection name="all">
        <Card data-testid="names">
          <CardHeader title="Noms" />
          <DeclaredFields fields={fields(["nameFr", "nameEn"])} idPrefix="show" register={register} errors={formState.errors} lang="fr" />
        </Card>
        <Card data-testid="cities">
          <CardHeader title="Villes" />
          <DeclaredFields fields={fields(["cityFr", "cityEn"])} idPrefix="show" register={register} errors={formState.errors} lang="fr" />
        </Card>
      </TranslationSection>
    </FormTranslationGaps>
  );
}

const field = (id: string) => document.getElementById(id)?.closest("[data-field]") as HTMLElement;
const type = (id: string, value: string) => fireEvent.input(document.getElementById(id) as HTMLElement, { target: { value } });

describe("FormTranslationGaps: live translation completeness in a form", () => {
  it.each([
    { case: "nothing typed: no marker, no count", typed: {}, marked: [], names: null, cities: null },
    {
      case: "French only: the English side is marked, its card counts 1",
      typed: { "show-nameFr": "Salon" },
      marked: ["show-nameEn"],
      names: "1 à traduire",
      cities: null,
    },
    {
      case: "English only: the French side is marked",
      typed: { "show-cityEn": "Paris" },
      marked: ["show-cityFr"],
      names: null,
      cities: "1 à traduire",
    },
    {
      case: "both sides typed: no marker",
      typed: { "show-nameFr": "Salon", "show-nameEn": "Show" },
      marked: [],
      names: null,
      cities: null,
    },
  ])("$case", async ({ typed, marked, names, cities }) => {
    render(<Form />);
    for (const [id, value] of Object.entries(typed)) type(id, value);
    for (const id of ["show-nameFr", "show-nameEn", "show-cityFr", "show-cityEn"]) {
      const marker = within(field(id)).queryByTestId("translation-marker");
      if ((marked as string[]).includes(id))
        expect((await within(field(id)).findByTestId("translation-marker")).textContent).toBe("À traduire");
      else expect(marker, id).toBeNull();
    }
    for (const [card, count] of [
      ["names", names],
      ["cities", cities],
    ] as const) {
      const header = within(screen.getByTestId(card));
      if (count) expect(await header.findByText(count)).toBeTruthy();
      else expect(header.queryByText(/à traduire/)).toBeNull();
    }
  });

  it("counts a named section's gaps, its cards' included, where its navigation link shows it", async () => {
    render(<Form />);
    type("show-nameFr", "Salon");
    type("show-cityEn", "Paris");
    expect(await within(screen.getByTestId("nav")).findByText("2 à traduire")).toBeTruthy();
    type("show-nameEn", "Show");
    expect(await within(screen.getByTestId("nav")).findByText("1 à traduire")).toBeTruthy();
  });

  it("keeps the label's accessible name: the marker sits beside the label, not in it", async () => {
    render(<Form />);
    type("show-nameFr", "Salon");
    await within(field("show-nameEn")).findByTestId("translation-marker");
    expect(screen.getByLabelText(/^Nom du salon \(EN\)( \*)?$/).id).toBe("show-nameEn");
  });
});
