/** A file name that is a name: no folders (`../../etc/passwd`), no control characters, not empty, not endless. */
export function safeFileName(name: string | undefined, fallback = "piece-jointe"): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 200);
  return clean || fallback;
}
