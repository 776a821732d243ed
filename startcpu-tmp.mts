import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createTemplate, copyTemplate } from "./test/template-db";
const t = await createTemplate();
const extra = process.env.CC ? { NODE_COMPILE_CACHE: "/tmp/ncc" } : {};
let cpuTotal = 0;
for (let i = 0; i < 6; i++) {
  const dir = copyTemplate(t);
  const child = spawn("/usr/bin/time", ["-f", "%U %S", process.execPath, ...(process.env.FLAGS ? process.env.FLAGS.split(" ") : []), "--liftoff-only", "--no-memory-saver-mode", "--max-semi-space-size=16", "--max-old-space-size=1024", "--enable-source-maps", "build/server-dist/main.js"], {
    env: { ...process.env, ...extra, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, SEED_DEMO: "false", LOG_LEVEL: "warn", SHUTDOWN_DELAY_MS: "0", MALLOC_MMAP_THRESHOLD_: "1048576" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = ""; let err = "";
  child.stderr.on("data", (c) => { err += c; });
  await new Promise<void>((res) => { const on = (c: Buffer) => { out += c; if (/running on/.test(out)) res(); }; child.stdout.on("data", on); });
  // SIGTERM the node child (time's child): find it
  const { execSync } = await import("node:child_process");
  execSync(`pkill -TERM -P ${child.pid}`);
  await new Promise((r) => child.on("exit", r));
  const [u, s] = err.trim().split("\n").at(-1)!.split(" ").map(Number);
  if (i > 0) cpuTotal += u! + s!;
  rmSync(dir, { recursive: true, force: true });
}
console.log(process.env.FLAGS ?? "base", "avg cpu s per start", (cpuTotal / 5).toFixed(2));
