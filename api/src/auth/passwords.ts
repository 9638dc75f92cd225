/**
 * @node-rs/argon2, loaded on the first password hashed or checked (issue #10, idle memory: its
 * native module is not needed until someone signs in or registers).
 */
let argon2: typeof import("@node-rs/argon2") | undefined;
const argon2Module = () => {
  argon2 ??= require("@node-rs/argon2") as typeof import("@node-rs/argon2");
  return argon2;
};

/**
 * argon2id with the OWASP minimum (19 MiB memory, 2 iterations, 1 lane). `algorithm: 2` is
 * `Algorithm.Argon2id`, an ambient const enum that isolatedModules cannot read.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password to a PHC string (`$argon2id$...`). */
export function hashPassword(password: string): Promise<string> {
  return argon2Module().hash(password, OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist (equal timing). */
let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`; with no hash (unknown account or OAuth-only
 * user) it still spends the same time on a decoy and returns false.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword("decoy-password-for-timing-Aa1");
    await argon2Module()
      .verify(await decoy, password)
      .catch(() => false);
    return false;
  }
  return argon2Module()
    .verify(passwordHash, password)
    .catch(() => false);
}
