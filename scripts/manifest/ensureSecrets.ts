/**
 * Generates the deployment secrets that nobody hands out (the app's SESSION_SECRET and
 * INTEGRATIONS_KEY, and the PostgreSQL administrator password) the first time an environment is provisioned.
 *
 * Run by the toolkit's `script` action in teamsapp.yml before `arm/deploy`: the toolkit puts the
 * environment's variables in process.env, and reads back each `::set-teamsfx-env NAME=value`
 * line this prints; names starting with SECRET_ go to the git-ignored env/.env.<env>.user.
 * A secret that already has a value is left as it is, so later provisions keep the same ones.
 */
import { randomBytes } from "node:crypto";

/** The generated secrets, by environment variable name. */
export const GENERATED_SECRETS = {
  /** 48 random bytes, base64url: 64 characters (the app needs at least 32). */
  SECRET_SESSION_SECRET: () => randomBytes(48).toString("base64url"),
  /** INTEGRATIONS_KEY: 32 random bytes, base64 (the key saved Jira API tokens are sealed under). */
  SECRET_INTEGRATIONS_KEY: () => randomBytes(32).toString("base64"),
  /**
   * 24 random bytes, base64url, after a prefix that holds an upper-case and a lower-case letter,
   * a digit and a symbol, as Azure Database for PostgreSQL's password rules require.
   */
  SECRET_POSTGRES_ADMIN_PASSWORD: () => `Pw1-${randomBytes(24).toString("base64url")}`,
} as const satisfies Record<string, () => string>;

/** True when a value is absent, empty, or still an unfilled `${{VAR}}` placeholder. */
function isUnset(value: string | undefined): boolean {
  return value === undefined || value.trim() === "" || /\$\{\{.*\}\}/.test(value);
}

/** The secrets that `env` has no value for, each with a newly generated value. */
export function missingSecrets(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, generate] of Object.entries(GENERATED_SECRETS)) {
    if (isUnset(env[name])) out[name] = generate();
  }
  return out;
}

if (require.main === module) {
  for (const [name, value] of Object.entries(missingSecrets(process.env))) {
    console.log(`::set-teamsfx-env ${name}=${value}`);
  }
}
