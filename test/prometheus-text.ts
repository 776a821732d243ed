/**
 * A minimal parser of the Prometheus text exposition format (version 0.0.4), strict enough for tests: every line is a
 * comment (`# HELP`, `# TYPE`), blank, or `name{label="value",…} value [timestamp]`; anything else throws.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

/** Values as Prometheus reads them (Go's ParseFloat): NaN and Inf in any case (prom-client writes "Nan"). */
function parseValue(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === "nan") return Number.NaN;
  if (lower === "+inf" || lower === "inf") return Number.POSITIVE_INFINITY;
  if (lower === "-inf") return Number.NEGATIVE_INFINITY;
  const value = Number(text);
  if (text === "" || Number.isNaN(value)) throw new Error(`not a sample value: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let at = 1; // after "{"
  while (text[at] !== "}") {
    const name = LABEL_NAME.exec(text.slice(at))?.[0];
    if (!name || text[at + name.length] !== "=" || text[at + name.length + 1] !== '"') throw new Error(`bad label: ${line}`);
    at += name.length + 2;
    let value = "";
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error(`unterminated label value: ${line}`);
      at += 1;
      if (char === '"') break;
      if (char === "\\") {
        const escaped = text[at];
        at += 1;
        value += escaped === "n" ? "\n" : (escaped ?? "");
      } else value += char;
    }
    labels[name] = value;
    if (text[at] === ",") at += 1;
    else if (text[at] !== "}") throw new Error(`bad label list: ${line}`);
  }
  return { labels, rest: text.slice(at + 1) };
}

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type?.[1] && type[2]) types.set(type[1], type[2]);
      else if (!line.startsWith("# HELP ") && line.startsWith("# TYPE")) throw new Error(`bad TYPE line: ${line}`);
      continue;
    }
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`not a sample: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith("{")) ({ labels, rest } = parseLabels(rest, line));
    const [value, timestamp, extra] = rest.trim().split(/\s+/);
    if (!rest.startsWith(" ") || value === undefined || extra !== undefined || (timestamp !== undefined && !/^-?\d+$/.test(timestamp)))
      throw new Error(`bad sample: ${line}`);
    samples.push({ name, labels, value: parseValue(value, line) });
  }
  return { types, samples };
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): Sample[] {
  return exposition.samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The value of the one sample named `name` with these labels, or undefined when there is none. */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samplesOf(exposition, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
