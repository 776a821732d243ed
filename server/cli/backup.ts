/** `npm run backup`: the command (backup-command.ts) on this process's arguments and environment. */
import { runBackupCommand } from "./backup-command";

process.exit(await runBackupCommand(process.argv.slice(2), process.env, console));
