import { CircleCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";

/** A success indicator shown for `duration` ms (docs/product.md, "Bannière": "Opération réussie !" for 2.5 s). */
export function useFlash(duration: number) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), duration);
    },
    [duration],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show };
}

export function SuccessFlash({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed top-20 right-4 z-40 sm:right-6">
      {message && (
        <p className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-4 py-2 text-sm font-semibold text-emerald-900 shadow-sm">
          <CircleCheck className="size-4" aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}
