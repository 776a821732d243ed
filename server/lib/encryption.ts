import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** AES-256-GCM; a sealed value reads `v1.<iv>.<ciphertext>.<tag>` (base64url), so a clear value is never mistaken for one. */
const PREFIX = "v1.";
const ALGORITHM = "aes-256-gcm";

export type Sealer = {
  seal(plaintext: string): string;
  /** The plaintext of a sealed value; throws when it was sealed with another key or altered. */
  open(sealed: string): string;
};

/** A 12-byte IV and a 16-byte tag in base64url around the ciphertext: no typed text takes this exact shape by chance. */
const SEALED = /^v1\.[\w-]{16}\.[\w-]*\.[\w-]{22}$/;
export const isSealed = (value: string) => SEALED.test(value);

/** A 32-byte key from the operator's secret (any string of at least 32 characters). */
export const dataKeyFrom = (secret: string): Buffer => Buffer.from(hkdfSync("sha256", secret, "marine-algae", "data-encryption-key", 32));

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error("The data encryption key must be 32 bytes");
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${PREFIX}${[iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".")}`;
    },
    open(sealed) {
      if (!isSealed(sealed)) throw new Error("not a sealed value");
      const [iv, body, tag] = sealed
        .slice(PREFIX.length)
        .split(".")
        .map((part) => Buffer.from(part, "base64url"));
      if (!iv || !body || !tag) throw new Error("malformed sealed value");
      const decipher = createDecipheriv(ALGORITHM, key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
  };
}

/**
 * The data key: from DATA_ENCRYPTION_KEY, else from `<dataDir>/data-key`, created (mode 600) on first use. It is never
 * written to the database, so neither the database files nor a backup hold it (see docs/deployment.md).
 */
export function loadDataKey(secret: string | undefined, dataDir: string): { key: Buffer; source: "environment" | "file" } {
  if (secret) return { key: dataKeyFrom(secret), source: "environment" };
  const file = path.join(dataDir, "data-key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  chmodSync(file, 0o600);
  return { key: dataKeyFrom(readFileSync(file, "utf8").trim()), source: "file" };
}
