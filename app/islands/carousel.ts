/**
 * The partner carousel's enhancements: the pause/play button (the loop itself is CSS), and a placeholder for a logo
 * that fails to load (also one that failed before this script ran).
 */
function showPlaceholder(img: HTMLImageElement): void {
  const placeholder = img.nextElementSibling;
  if (!(placeholder instanceof HTMLElement) || !placeholder.hasAttribute("data-placeholder")) return;
  placeholder.hidden = false;
  img.remove();
}

for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
  const toggle = carousel.querySelector<HTMLButtonElement>("[data-carousel-toggle]");
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", () => {
      const paused = !carousel.hasAttribute("data-paused");
      carousel.toggleAttribute("data-paused", paused);
      toggle.toggleAttribute("data-paused", paused);
      toggle.setAttribute("aria-label", (paused ? toggle.dataset.labelPlay : toggle.dataset.labelPause) ?? "");
    });
  }
  for (const img of carousel.querySelectorAll<HTMLImageElement>("img[data-partner-logo]")) {
    // A lazy logo not yet requested has no currentSrc; one that already failed has it and no pixels.
    if (img.complete && img.currentSrc && img.naturalWidth === 0) showPlaceholder(img);
    else img.addEventListener("error", () => showPlaceholder(img), { once: true });
  }
}
