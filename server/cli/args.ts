/** Command line of `npm run backup` and `npm run restore`, and their `--environment-file` (decision 0100). */
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { parseEnvFile } from "../lib/env-file";

export type CliArgs = { envFile: string | null; check: boolean; positional: string[] };

/** A command line that cannot be followed: its message is printed with the usage. */
export class UsageError extends Error {}

/**
 * `--environment-file=PATH` (or `--environment-file PATH`), `--check` and positional arguments. `npm run backup --check ARCHIVE`
 * (without `--`) reaches the script as `npm_config_check=true` and `ARCHIVE` alone: that form is understood too, and
 * likewise `npm_config_environment_file` for `npm run backup --environment-file=PATH`.
 */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv, options: { check: boolean }): CliArgs {
  const args: CliArgs = {
    envFile: env.npm_config_environment_file || null,
    check: options.check && env.npm_config_check === "true",
    positional: [],
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg.startsWith("--environment-file=")) args.envFile = arg.slice("--environment-file=".length);
    else if (arg === "--environment-file") {
      const next = argv[i + 1];
      if (!next) throw new UsageError("--environment-file needs a file: --environment-file=/etc/marine-algae.env");
      args.envFile = next;
      i += 1;
    } else if (arg === "--check" && options.check) args.check = true;
    else if (arg.startsWith("-")) throw new UsageError(`Unknown option ${arg}`);
    else args.positional.push(arg);
  }
  if (args.envFile === "") throw new UsageError("--environment-file needs a file: --environment-file=/etc/marine-algae.env");
  return args;
}

/**
 * The variables of an environment file read with systemd's rules; the command puts them over the inherited ones, as
 * `EnvironmentFile=` wins over `Environment=`. An unreadable file is an error saying how to fix it.
 */
export function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const user = userInfo().username;
    const hint =
      code === "EACCES"
        ? ` The user running the command (${user}) must be able to read it: chown root:${user} ${file} && chmod 640 ${file}`
        : "";
    throw new Error(`Cannot read the environment file ${file} (${code || (error as Error).message}).${hint}`);
  }
  return parseEnvFile(text);
}

/** Where a command tells its outcome: the console when run as a program, a list of lines when a test runs it in-process. */
export type CommandOutput = { log(line: string): void; error(line: string): void };

/** One line of the command's outcome, dated, for logs that are appended to day after day. */
export const dated = (line: string) => `${new Date().toISOString()} ${line}`;
