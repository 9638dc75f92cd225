import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { AppContext } from "../context";

/*
 * Integration tokens at rest (issue #12 sections 1 and 4): AES-256-GCM under INTEGRATIONS_KEY
 * with node:crypto. A sealed text is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts): the
 * key id is the first 8 hex digits of the key's SHA-256, so a rotated-out key listed in
 * INTEGRATIONS_KEY_PREVIOUS still opens what it sealed, and a dump of the table without the key
 * holds no usable token.
 */

/** The id a sealed text names its key by: the first 8 hex digits of SHA-256 of the key. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** The keys of one process: `current` seals; it and every `previous` key open. */
export interface SecretKeys {
  current: Buffer;
  previous: Buffer[];
}

/** Seals `plain` under the current key (a fresh 12-byte IV each time). */
export function seal(plain: string, keys: SecretKeys): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"));
  return ["v1", keyIdOf(keys.current), ...parts].join(".");
}

/** The reason a sealed text cannot be opened. */
export class SecretBoxError extends Error {}

/**
 * Opens a text made by {@link seal} with whichever known key it names.
 * @throws SecretBoxError when the format is wrong, no known key has its id, or the tag does not verify.
 */
export function open(sealed: string, keys: SecretKeys): string {
  const [version, keyId, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !keyId || iv === undefined || tag === undefined || data === undefined) {
    throw new SecretBoxError("not a sealed secret");
  }
  const key = [keys.current, ...keys.previous].find((k) => keyIdOf(k) === keyId);
  if (!key) throw new SecretBoxError(`no INTEGRATIONS_KEY with id ${keyId} is configured`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("the sealed secret does not verify under its key");
  }
}

/** The process's keys (INTEGRATIONS_KEY and INTEGRATIONS_KEY_PREVIOUS), for Jira tokens and Bluesky sign-in state alike. */
export const secretKeysOf = (ctx: AppContext): SecretKeys => ({
  current: ctx.config.integrations.key,
  previous: ctx.config.integrations.previousKeys,
});
