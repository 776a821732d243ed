/** `npm run restore`: the command (restore-command.ts) on this process's arguments and environment. */
import { runRestoreCommand } from "./restore-command";

process.exit(await runRestoreCommand(process.argv.slice(2), process.env, console));
