import { initialValuesOf } from "@shared/resources/define";
// @vitest-environment happy-dom
import { type TradeShowData, type TradeShowInput, tradeShowInputSchema, tradeShowResource } from "@shared/resources/trade-shows";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useZodForm } from "~/lib/admin/form";
import { DeclaredFields } from "./declared-fields";

afterEach(cleanup);

/** A field by its label's text; a required one's label ends with an asterisk hidden from assistive technology. */
const byLabel = (text: string) => screen.getByLabelText(new RegExp(`^${text.replace(/[()]/g, "\\$&")}( \\*)?$`));
const queryByLabel = (text: string) => screen.queryByLabelText(new RegExp(`^${text.replace(/[()]/g, "\\$&")}( \\*)?$`));

function Form({ onSave, skip }: { onSave: (data: TradeShowData) => void; skip?: string[] }) {
  const { register, handleSubmit, formState } = useZodForm(tradeShowInputSchema, {
    defaultValues: initialValuesOf(tradeShowResource) as TradeShowInput,
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)}>
      <DeclaredFields
        fields={tradeShowResource.fields}
        skip={skip}
        idPrefix="show"
        register={register}
        errors={formState.errors}
        lang="en"
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe("DeclaredFields: a form drawn from a resource's declaration", () => {
  it("labels each field in the screen's language, by its kind, in declaration order, and leaves out the skipped ones", () => {
    render(<Form onSave={vi.fn()} skip={["booth"]} />);
    expect(byLabel("Trade show name (FR)")).toHaveProperty("type", "text");
    expect(byLabel("First day")).toHaveProperty("type", "date");
    expect(byLabel("Trade show website")).toHaveProperty("type", "url");
    expect(byLabel("Active")).toHaveProperty("type", "checkbox");
    expect(queryByLabel("Booth")).toBeNull();
    const ids = [...document.querySelectorAll("input")].map((input) => input.id);
    expect(ids).toEqual([
      "show-nameFr",
      "show-nameEn",
      "show-cityFr",
      "show-cityEn",
      "show-startsOn",
      "show-endsOn",
      "show-websiteUrl",
      "show-isActive",
    ]);
    // Required where the starting value is refused: the name, not the booth.
    expect(byLabel("Trade show name (FR)").getAttribute("aria-required")).toBe("true");
    expect(byLabel("Trade show website").getAttribute("aria-required")).toBe("false");
  });

  it("shows the shared schema's message under a refused field, and sends the parsed values once valid", async () => {
    const onSave = vi.fn();
    render(<Form onSave={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getAllByText("This field is required").length).toBeGreaterThan(0));
    expect(onSave).not.toHaveBeenCalled();
    for (const [label, value] of [
      ["Trade show name (FR)", "Salon"],
      ["Trade show name (EN)", "Show"],
      ["City and country (FR)", "Paris"],
      ["City and country (EN)", "Paris"],
      ["First day", "2026-12-01"],
      ["Last day", "2026-12-03"],
    ]) {
      fireEvent.change(byLabel(label as string), { target: { value } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ nameFr: "Salon", cityFr: "Paris", startsOn: "2026-12-01", isActive: true });
  });
});
