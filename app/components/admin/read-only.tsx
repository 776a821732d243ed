import { createContext, type ReactNode, useContext } from "react";

const ReadOnlyContext = createContext(false);

/** Whether the form around is shown to a role that may not change it (decision 0114). */
export const useReadOnly = (): boolean => useContext(ReadOnlyContext);

/**
 * The fields of a form, disabled together (a disabled fieldset) when `readOnly`: the fields that a fieldset cannot
 * disable (the rich-text editor, the image field's upload and library buttons) read `useReadOnly` to do the same.
 */
export function ReadOnlyFieldset({ readOnly, className, children }: { readOnly: boolean; className?: string; children: ReactNode }) {
  return (
    <ReadOnlyContext.Provider value={readOnly}>
      <fieldset disabled={readOnly} className={className}>
        {children}
      </fieldset>
    </ReadOnlyContext.Provider>
  );
}
