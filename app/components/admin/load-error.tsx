import { CircleAlert } from "lucide-react";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";

export function LoadError({ message }: { message: string }) {
  return (
    <Card role="alert" className="flex items-center gap-3 border-red-200 bg-red-50 p-5 text-sm text-red-800">
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      {message}
    </Card>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-teal">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
