import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGLITE_EXTENSION_MODULES } from "./pglite-settings";

/**
 * The worker thread's code: opens PGlite, then serves the PostgreSQL wire protocol on a unix socket
 * (`@electric-sql/pglite-socket`). Given as a script (like the child process's initdb in pglite-init.ts) so the same
 * file runs from the TypeScript sources (tests, dev) and from the bundled server, with CommonJS `require` of packages
 * resolved by the main thread. Messages to the main thread: {ready}, {failed: message}; from it: "close".
 */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const { modules, dir, socketPath, startParams, pgliteWasmModule } = workerData;
const { PGlite } = require(modules.pglite);
const { PGLiteSocketServer } = require(modules.socket);
const extensions = {};
for (const [name, file] of Object.entries(modules.extensions)) extensions[name] = require(file)[name];
(async () => {
  const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...startParams], extensions, pgliteWasmModule });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  await server.start();
  parentPort.on("message", async (message) => {
    if (message !== "close") return;
    await server.stop();
    await db.close();
    parentPort.postMessage({ closed: true });
    parentPort.close();
  });
  // Starting PGlite leaves its file bundle and compile buffers as garbage in this thread's heap.
  require("node:v8").setFlagsFromString("--expose-gc");
  const gc = require("node:vm").runInNewContext("gc");
  if (gc) gc();
  parentPort.postMessage({ ready: true });
})().catch((error) => {
  parentPort.postMessage({ failed: error instanceof Error ? error.stack || error.message : String(error) });
  process.exit(1);
});`;

/** Longest unix socket path the platforms accept (sun_path is 104–108 bytes). */
const MAX_SOCKET_PATH = 100;

export type PgliteWorker = {
  /**
   * node-postgres's connection settings: `host` is the directory holding the socket (it connects to
   * `<host>/.s.PGSQL.<port>`); PGlite's one role and database are "postgres".
   */
  connection: { host: string; port: number; user: string; database: string };
  /** The thread itself (the tests end it to play a crash). */
  thread: Worker;
  /** Stops serving, closes PGlite (a clean shutdown of its files) and ends the thread. */
  close(): Promise<void>;
};

export type PgliteWorkerOptions = {
  dir: string;
  dataDir: string;
  startParams: string[];
  /** Called once if the thread ends without being asked to (a crash, PGlite aborting). */
  onExit: (error: Error) => void;
};

const PORT = 5432;

let compiledPostgres: Promise<WebAssembly.Module> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to every PGlite thread it starts. V8 shares a compiled
 * module's machine code between the threads that instantiate it; a thread that compiled its own spent about a
 * CPU-second of background compilation on each start (the test processes open a database per test file: their CPU
 * fell by a quarter, decision 0133). A server starts one thread, so for it nothing changes.
 */
function postgresModule(pgliteEntry: string): Promise<WebAssembly.Module> {
  compiledPostgres ??= WebAssembly.compile(readFileSync(path.join(path.dirname(pgliteEntry), "pglite.wasm")));
  return compiledPostgres;
}

/** The socket in the data directory (locked to this process), or in a private temporary directory when that path is too long. */
function socketDirOf(dataDir: string): { dir: string; temporary: boolean } {
  const inData = path.resolve(dataDir);
  if (path.join(inData, `.s.PGSQL.${PORT}`).length <= MAX_SOCKET_PATH) return { dir: inData, temporary: false };
  return { dir: mkdtempSync(path.join(tmpdir(), "marine-algae-pg-")), temporary: true };
}

/** Starts PGlite in a worker thread serving `dir` on a unix socket; resolves once it accepts connections. */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorker> {
  const require = createRequire(import.meta.url);
  const modules = {
    pglite: require.resolve("@electric-sql/pglite"),
    socket: require.resolve("@electric-sql/pglite-socket"),
    extensions: Object.fromEntries(Object.entries(PGLITE_EXTENSION_MODULES).map(([name, id]) => [name, require.resolve(id)])),
  };
  const socket = socketDirOf(options.dataDir);
  const socketPath = path.join(socket.dir, `.s.PGSQL.${PORT}`);
  // Left by a process that was killed: the data directory's lock is ours, so nobody else is listening on it.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  const cleanUp = () => {
    if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
    else if (existsSync(socketPath)) unlinkSync(socketPath);
  };

  const pgliteWasmModule = await postgresModule(modules.pglite);
  const worker = new Worker(WORKER_SCRIPT, {
    eval: true,
    workerData: { modules, dir: options.dir, socketPath, startParams: options.startParams, pgliteWasmModule },
    // The thread's own stdout/stderr go to the process's (PGlite's notices, a crash's stack).
    stdout: false,
    stderr: false,
  });
  let closing = false;
  let started = false;
  let exited = false;
  await new Promise<void>((resolve, reject) => {
    worker.on("message", (message: { ready?: true; failed?: string; closed?: true }) => {
      if (message.ready) {
        started = true;
        resolve();
      } else if (message.failed) reject(new Error(`The embedded database could not start: ${message.failed}`));
    });
    worker.on("error", (error) => {
      if (!started) reject(error);
    });
    worker.on("exit", (code) => {
      exited = true;
      if (!started) reject(new Error(`The embedded database's thread ended while starting (exit code ${code})`));
      else if (!closing) options.onExit(new Error(`The embedded database's thread ended unexpectedly (exit code ${code})`));
    });
  }).catch(async (error: unknown) => {
    closing = true;
    await worker.terminate();
    cleanUp();
    throw error;
  });

  return {
    connection: { host: socket.dir, port: PORT, user: "postgres", database: "postgres" },
    thread: worker,
    close: async () => {
      if (closing) return;
      closing = true;
      if (exited) return cleanUp();
      const closed = new Promise<void>((resolve) => {
        worker.on("message", (message: { closed?: true }) => message.closed && resolve());
        worker.once("exit", () => resolve());
      });
      worker.postMessage("close");
      await closed;
      await worker.terminate();
      cleanUp();
    },
  };
}
