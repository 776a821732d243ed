import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type MainProcess = { url: string; child: ChildProcess; output(): string; stop(): Promise<void> };

/**
 * Runs the production entry point as its own process on a free port and resolves once it says where it listens.
 * The one place that knows how the server is started (today `node --import tsx server/main.ts`).
 */
export function startMainProcess(env: Record<string, string>): Promise<MainProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output, stop });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}
