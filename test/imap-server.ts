import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

const DOVECOT = "/usr/sbin/dovecot";
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;
/** How long the children of a stopped master may take to end on their own before they are killed. */
const STOP_GRACE_MS = 2_000;

/** SIGKILL to a process of this instance that may have ended meanwhile. */
function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export type TestImap = {
  /** imap://user:password@127.0.0.1:port/INBOX: plain IMAP, no TLS. */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  /** The running Dovecot master's pid, or undefined while stopped or paused. */
  readonly pid: number | undefined;
  /** Pids of every live process of this instance (the master and its children, orphans included): [] once stopped. */
  processes(): number[];
  /** Dovecot's log so far (for a failing test's output). */
  log(): string;
  /** Delivers a raw RFC 5322 message into INBOX over IMAP APPEND, as a mail client or an MTA's IMAP delivery does. */
  append(raw: string | Buffer, flags?: string[]): Promise<void>;
  /** Stops the server and deletes its mail. */
  stop(): Promise<void>;
  /** Stops then starts again on the same port and mail directory (an outage and a recovery). */
  restart(): Promise<void>;
  /** Stops the server process, keeping the mail: connections are refused until `resume()`. */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port and mail directory. */
  resume(): Promise<void>;
};

type Account = { name: string; uid: number; gid: number; group: string };

/** A system account by name (the current user when omitted), read with `id` as Dovecot resolves names itself. */
function account(name?: string): Account {
  const id = (flag: string) => execFileSync("id", [flag, ...(name ? [name] : [])], { encoding: "utf8" }).trim();
  try {
    return { name: id("-un"), uid: Number(id("-u")), gid: Number(id("-g")), group: id("-gn") };
  } catch {
    throw new Error(
      name
        ? `No system user "${name}": Debian's dovecot-core creates it (apt-get install -y dovecot-imapd).`
        : `The current user (uid ${process.getuid?.()}) has no name in /etc/passwd: Dovecot runs its processes by user name.`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Dovecot's configuration: only this file is read (`-c`), nothing under /etc/dovecot.
 *
 * As root, Dovecot keeps its privilege separation: login processes run as `dovenull` (it refuses root for them, "This
 * process must not be run as root") chrooted in base_dir/login, internal ones as `dovecot`, and the mail as `dovecot`
 * too, because the IMAP process refuses uid 0 even with first_valid_uid = 0 ("userdb returned 0 as uid").
 * As a normal user it cannot switch users or chroot, so everything runs as that user and the chroots are cleared.
 */
function dovecotConfig(dir: string, port: number, instance: string, users: { internal: Account; login: Account }, asRoot: boolean) {
  const { internal, login } = users;
  return `# Private test instance (test/imap-server.ts)
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = ${instance}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once (not after 2 s): tests of bad credentials stay fast.
auth_failure_delay = 0
default_internal_user = ${internal.name}
default_internal_group = ${internal.group}
default_login_user = ${login.name}
first_valid_uid = ${internal.uid}
mail_location = maildir:~/Maildir
# IDLE learns of new mail by inotify; where that is unavailable, it polls: every second rather than every 30.
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${internal.uid} gid=${internal.gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }${asRoot ? "" : "\n  chroot ="}
}
${asRoot ? "" : "service anvil {\n  chroot =\n}\n"}`;
}

/** Resolves once an IMAP greeting ("* OK") arrives on the port: the listener is the master's, so a connection alone
 * proves nothing (a login process that fails to start closes it without a word). */
function greeting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n")) done(received.startsWith("* OK"));
    });
    socket.on("error", () => done(false));
    socket.on("close", () => done(false));
  });
}

/** True once nothing accepts connections on the port (the master and every child holding the listener are gone). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real IMAP server: a private Dovecot (Debian's 2.3) in a temp directory of its own (config, sockets, log, Maildir),
 * on 127.0.0.1 and a free port, with one user and a random password. Works as root (CI) and as a normal user.
 */
export async function startTestImap(): Promise<TestImap> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: install Dovecot with \`apt-get install -y dovecot-imapd\`.`);
  const asRoot = process.getuid?.() === 0;
  const users = asRoot ? { internal: account("dovecot"), login: account("dovenull") } : { internal: account(), login: account() };
  const dir = mkdtempSync(path.join(tmpdir(), "imap-test-"));
  const port = await freePort();
  const user = "tester";
  const password = randomBytes(12).toString("hex");
  // The process titles carry the instance name, which finds this instance's processes and no other's.
  const instance = `dovecot-test-${path.basename(dir).slice("imap-test-".length)}`;
  const config = path.join(dir, "dovecot.conf");
  writeFileSync(config, dovecotConfig(dir, port, instance, users, asRoot));
  writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${password}\n`, { mode: 0o600 });
  mkdirSync(path.join(dir, "home"));
  if (asRoot) {
    // The auth process (as `dovecot`) reads the password file; the mail processes (as `dovecot`) create the Maildir.
    for (const file of ["", "passwd", "home"]) chownSync(path.join(dir, file), users.internal.uid, users.internal.gid);
  }
  const logFile = path.join(dir, "dovecot.log");
  const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = "";
  // Should the test process end without stop() (a crash, a forgotten afterAll), the server goes with it.
  const killOnExit = () => child?.kill("SIGTERM");

  async function start() {
    if (child) return;
    output = "";
    // -F: in the foreground, as our child, so its pid is the one we stop.
    const started = spawn(DOVECOT, ["-F", "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    exited = new Promise((resolve) =>
      started.once("exit", () => {
        if (child === started) child = undefined;
        resolve();
      }),
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    started.stdout?.on("data", collect);
    started.stderr?.on("data", collect);
    process.once("exit", killOnExit);
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await greeting(port))) {
      if (child !== started || Date.now() > deadline) {
        await stopProcess();
        throw new Error(`Dovecot did not start on 127.0.0.1:${port}:\n${output}\n${log().slice(-4000)}`);
      }
      await pause(25);
    }
  }

  async function stopProcess() {
    const running = child;
    if (running) {
      running.kill("SIGTERM");
      const timer = setTimeout(() => running.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    process.off("exit", killOnExit);
    // The master's children (login, auth, log…) end just after it: wait for them, so that the port is free for a
    // restart and nothing of this instance outlives stop().
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    // A child busy with a client (an IMAP process in a command) may outlive its master: end it after a grace time.
    const graceUntil = Date.now() + STOP_GRACE_MS;
    while (processes().length > 0 || !(await refused(port))) {
      if (Date.now() > deadline) throw new Error(`Dovecot did not stop: processes [${processes().join(", ")}] on port ${port}`);
      if (Date.now() > graceUntil) for (const pid of processes()) killQuietly(pid);
      await pause(25);
    }
  }

  function processes(): number[] {
    const pids: number[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
        if (cmdline.includes(instance) || cmdline.includes(config)) pids.push(Number(entry));
      } catch {
        // ended while we looked
      }
    }
    return pids;
  }

  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    host: "127.0.0.1",
    port,
    user,
    password,
    get pid() {
      return child?.pid;
    },
    processes,
    log,
    async append(raw, flags) {
      const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
      await client.connect();
      try {
        await client.append("INBOX", raw, flags);
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
    async stop() {
      await stopProcess();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await stopProcess();
      await start();
    },
    pause: stopProcess,
    resume: start,
  };
}
