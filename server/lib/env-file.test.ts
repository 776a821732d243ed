import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseEnvFile } from "./env-file";

describe("environment file read as systemd's EnvironmentFile= reads it", () => {
  it("keeps unquoted values with spaces, guillemets, quotes and # as written, trimming only the ends", () => {
    const file = [
      "# secrets of the Marine Algae site",
      "; another comment",
      "",
      "MAIL_FROM=Marine Algae ‹contact@example.tn›  ",
      "  SMTP_URL = smtp://user:p#ss@mail.example.tn:587",
      'ADMIN_PASSWORD=it\'s a "long" one',
      "not an assignment",
      "EMPTY=",
    ].join("\n");
    expect(parseEnvFile(file)).toEqual({
      MAIL_FROM: "Marine Algae ‹contact@example.tn›",
      SMTP_URL: "smtp://user:p#ss@mail.example.tn:587",
      ADMIN_PASSWORD: 'it\'s a "long" one',
      EMPTY: "",
    });
  });

  it("strips single and double quotes the way systemd does, with its escapes", () => {
    const file = [
      "SINGLE='  Marine Algae ‹x›  '  ",
      'DOUBLE="a \\"quoted\\" \\\\ word, \\$HOME and \\n kept"',
      "UNQUOTED=back\\\\slash and \\#",
      "JOINED=first \\",
      "second",
      "MULTI='line one",
      "line two'",
      "CRLF=windows\r",
    ].join("\n");
    expect(parseEnvFile(file)).toEqual({
      SINGLE: "  Marine Algae ‹x›  ",
      DOUBLE: 'a "quoted" \\ word, $HOME and \\n kept',
      UNQUOTED: "back\\slash and #",
      JOINED: "first second",
      MULTI: "line one\nline two",
      CRLF: "windows",
    });
  });

  it("lets a later assignment win, ignores invalid names and a last line without a newline still counts", () => {
    expect(parseEnvFile("A=1\nA=2\n1BAD=x\nLAST=end")).toEqual({ A: "2", LAST: "end" });
  });

  it("differs from Node's --env-file on # and backslashes, which is why the commands do not use Node's parser", () => {
    // Recorded in decision 0100: Node cuts an unquoted value at " #" and turns "\n" into a newline inside double quotes.
    const file = 'PASSWORD=abc #def\nDOUBLE="a\\nb"\nSPACES=Marine Algae ‹x›\n';
    expect(parseEnv(file)).toEqual({ PASSWORD: "abc", DOUBLE: "a\nb", SPACES: "Marine Algae ‹x›" });
    expect(parseEnvFile(file)).toEqual({ PASSWORD: "abc #def", DOUBLE: "a\\nb", SPACES: "Marine Algae ‹x›" });
  });
});
