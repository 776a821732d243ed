import { Spinner } from "~/components/ui/spinner";

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 text-teal">
      <Spinner label={label} className="size-10" />
    </div>
  );
}
