// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { Eye } from "lucide-react";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { StatCard } from "./stat-card";

afterEach(cleanup);

describe("StatCard", () => {
  it.each([
    ["fr", 26312, "26\u202f312"],
    ["en", 26312, "26,312"],
    ["fr", 7, "7"],
  ] as const)("writes a figure the screen language's way (%s, %d → %s)", (lang, value, shown) => {
    render(
      <ScreenLang lang={lang}>
        <StatCard label="Visites" value={value} icon={Eye} />
      </ScreenLang>,
    );
    expect(document.body.textContent).toContain(shown);
  });

  it("shows a value given as text as it is", () => {
    render(<StatCard label="Taux" value="12 %" icon={Eye} />);
    expect(screen.getByText("12 %")).toBeTruthy();
  });
});
