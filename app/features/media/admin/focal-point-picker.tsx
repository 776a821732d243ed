import type { KeyboardEvent, MouseEvent } from "react";
import { useTexts } from "~/i18n/screen-lang";
import { MEDIA_TEXTS } from "./texts";

const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v)));

/**
 * The image with its focal point: a click puts the point there; with focus on the image, the arrow keys move it by 5
 * (1 with Shift). The point is where crops (`object-position`) keep the picture centred.
 */
export function FocalPointPicker({
  id,
  src,
  x,
  y,
  onChange,
}: {
  id: string;
  src: string;
  x: number;
  y: number;
  onChange: (x: number, y: number) => void;
}) {
  const t = useTexts(MEDIA_TEXTS);
  const value = t("focalValue", { x, y });

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange(clamp(((event.clientX - box.left) / box.width) * 100), clamp(((event.clientY - box.top) / box.height) * 100));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? 1 : 5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(clamp(x + move[0]), clamp(y + move[1]));
  }

  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-navy">
        {t("focal")}
      </p>
      <button
        id={id}
        type="button"
        onClick={onClick}
        onKeyDown={onKeyDown}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-value ${id}-hint`}
        className="relative block w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-50 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
      >
        <img src={src} alt={t("preview")} className="block max-h-80 w-full object-contain" />
        <span
          aria-hidden="true"
          data-testid="focal-marker"
          className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-teal-700/70 shadow ring-2 ring-navy"
          style={{ left: `${x}%`, top: `${y}%` }}
        />
      </button>
      <p id={`${id}-value`} aria-live="polite" className="text-xs tabular-nums text-slate-700" data-testid="focal-value">
        {value}
      </p>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t("focalHint")}
      </p>
    </div>
  );
}
