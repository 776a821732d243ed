// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { CatchingUpNotice } from "./catching-up-notice";

afterEach(cleanup);

describe("the notice of statistics still catching up on past visits", () => {
  it("tells in French, by default, up to which day visits are not counted yet", () => {
    render(<CatchingUpNotice catchingUp={{ through: "2026-03-09" }} />);
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("Comptage des visites passées en cours");
    expect(notice.textContent).toContain("jusqu'au 9 mars 2026");
  });

  it("tells it in English on an English screen", () => {
    render(
      <ScreenLang lang="en">
        <CatchingUpNotice catchingUp={{ through: "2026-03-09" }} />
      </ScreenLang>,
    );
    expect(screen.getByRole("status").textContent).toContain("visits up to 9 March 2026 are not in these figures yet");
  });

  it("says nothing when the figures are complete", () => {
    const { container } = render(<CatchingUpNotice catchingUp={undefined} />);
    expect(container.textContent).toBe("");
  });
});
