import * as RadixTabs from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn("inline-flex gap-1 rounded-xl bg-slate-100 p-1", className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "rounded-lg px-4 py-2 text-sm font-medium text-slate-700 transition",
        "data-[state=active]:bg-white data-[state=active]:text-navy data-[state=active]:shadow-sm",
        "focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal",
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("mt-4 focus-visible:outline-none", className)} {...rest} />;
}
