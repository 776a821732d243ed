/**
 * An environment file read the way systemd reads `EnvironmentFile=` (systemd.exec(5), the parser of systemd 252's
 * env-file.c), so that one `/etc/marine-algae.env` means the same to the server's unit and to `--env-file` of the
 * backup and restore commands run from cron (decision 0100):
 * - `NAME=value` a line; empty lines, lines without `=` and lines starting with `#` or `;` are ignored;
 * - an unquoted value keeps its inner spaces, quotes and `#` as written; leading and trailing blanks are dropped; a
 *   backslash keeps the next character (`\\` is one backslash) and a backslash at the end of a line joins the next;
 * - `'…'` keeps everything verbatim (across lines too); `"…"` understands `\"`, `\\`, `` \` `` and `\$`, and keeps any
 *   other backslash as written;
 * - a later assignment of the same name wins.
 * Unlike a shell, nothing is expanded (`$HOME` stays `$HOME`), and a value with spaces needs no quotes.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  type State = "preKey" | "key" | "preValue" | "value" | "valueEscape" | "single" | "double" | "doubleEscape" | "comment" | "commentEscape";
  let state: State = "preKey";
  let key = "";
  let value = "";
  /** Length of `value` without its trailing blanks (unquoted text only). */
  let kept = 0;
  const isNewline = (c: string) => c === "\n" || c === "\r";
  const isBlank = (c: string) => c === " " || c === "\t" || isNewline(c);
  const emit = () => {
    const name = key.trim();
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) values[name] = value.slice(0, kept);
    key = "";
    value = "";
    kept = 0;
  };
  const append = (c: string, blank = false) => {
    value += c;
    if (!blank) kept = value.length;
  };
  for (const c of text) {
    switch (state) {
      case "preKey":
        if (c === "#" || c === ";") state = "comment";
        else if (!isBlank(c)) {
          state = "key";
          key = c;
        }
        break;
      case "key":
        if (isNewline(c)) {
          state = "preKey";
          key = "";
        } else if (c === "=") state = "preValue";
        else key += c;
        break;
      case "preValue":
        if (isNewline(c)) {
          emit();
          state = "preKey";
        } else if (c === "'") state = "single";
        else if (c === '"') state = "double";
        else if (c === "\\") state = "valueEscape";
        else if (!isBlank(c)) {
          append(c);
          state = "value";
        }
        break;
      case "value":
        if (isNewline(c)) {
          emit();
          state = "preKey";
        } else if (c === "\\") state = "valueEscape";
        else append(c, isBlank(c));
        break;
      case "valueEscape":
        state = "value";
        if (!isNewline(c)) append(c);
        break;
      case "single":
        if (c === "'") state = "preValue";
        else append(c);
        break;
      case "double":
        if (c === '"') state = "preValue";
        else if (c === "\\") state = "doubleEscape";
        else append(c);
        break;
      case "doubleEscape":
        state = "double";
        if (c === '"' || c === "\\" || c === "`" || c === "$") append(c);
        else if (c !== "\n") append(`\\${c}`);
        break;
      case "comment":
        if (c === "\\") state = "commentEscape";
        else if (isNewline(c)) state = "preKey";
        break;
      case "commentEscape":
        state = "comment";
        break;
    }
  }
  if (state !== "preKey" && state !== "key" && state !== "comment" && state !== "commentEscape") emit();
  return values;
}
