/**
 * The mobile menu: the toggle opens and closes it (label and aria-expanded follow), a link chosen in it or Escape
 * closes it; Escape gives the focus back to the toggle.
 */
export function enhanceMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = toggle ? document.getElementById(toggle.getAttribute("aria-controls") ?? "") : null;
  if (!toggle || !menu) return;

  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? "");
  };
  const isOpen = () => !menu.hidden;

  toggle.addEventListener("click", () => setOpen(!isOpen()));
  menu.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    const focusWasInside = menu.contains(document.activeElement);
    setOpen(false);
    if (focusWasInside || document.activeElement === toggle) toggle.focus();
  });
  // Back/forward cache: a page left through the menu comes back with it closed.
  window.addEventListener("pagehide", () => setOpen(false));
}
