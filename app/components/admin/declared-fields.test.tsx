// @vitest-environment happy-dom
import { tradeShowResource } from "@shared/resources/trade-shows";
import { type TradeShowData, type TradeShowInput, tradeShowInputSchema } from "@shared/schemas/trade-show";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useZodForm } from "~/lib/admin/form";
import { DeclaredFields } from "./declared-fields";

afterEach(cleanup);

function Form({ onSave, skip }: { onSave: (data: TradeShowData) => void; skip?: string[] }) {
  const { register, handleSubmit, formState } = useZodForm(tradeShowInputSchema, {
    defaultValues: {
      nameFr: "",
      nameEn: "",
      city: "",
      startsOn: "",
      endsOn: "",
      booth: "",
      websiteUrl: "",
      isActive: true,
    } as TradeShowInput,
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
    expect(screen.getByLabelText("Trade show name (FR)")).toHaveProperty("type", "text");
    expect(screen.getByLabelText("First day")).toHaveProperty("type", "date");
    expect(screen.getByLabelText("Trade show website")).toHaveProperty("type", "url");
    expect(screen.getByLabelText("Active")).toHaveProperty("type", "checkbox");
    expect(screen.queryByLabelText("Booth")).toBeNull();
    const ids = [...document.querySelectorAll("input")].map((input) => input.id);
    expect(ids).toEqual(["show-nameFr", "show-nameEn", "show-city", "show-startsOn", "show-endsOn", "show-websiteUrl", "show-isActive"]);
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
      ["City and country", "Paris"],
      ["First day", "2026-12-01"],
      ["Last day", "2026-12-03"],
    ]) {
      fireEvent.change(screen.getByLabelText(label as string), { target: { value } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ nameFr: "Salon", city: "Paris", startsOn: "2026-12-01", isActive: true });
  });
});
