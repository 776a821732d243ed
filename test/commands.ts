import { runBackupCommand } from "../server/cli/backup-command";
import { runRestoreCommand } from "../server/cli/restore-command";
import { type ServerEnv, serverEnv } from "./server-process";

const COMMANDS = { backup: runBackupCommand, restore: runRestoreCommand } as const;

/**
 * `npm run backup` or `npm run restore` run in this process, with the environment `runCompiled` gives the compiled one:
 * the same code (the compiled entry point only hands it its arguments, environment and console), without the cost of
 * a new process (decision 0131). Each command keeps compiled runs in its tests.
 */
export async function runCommand(
  name: keyof typeof COMMANDS,
  args: string[],
  dataDir: string,
  env: ServerEnv = {},
): Promise<{ code: number; output: string }> {
  let output = "";
  const append = (line: string) => {
    output += `${line}\n`;
  };
  const code = await COMMANDS[name](args, serverEnv(dataDir, env), { log: append, error: append });
  return { code, output };
}
