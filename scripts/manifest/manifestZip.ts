/**
 * Builds the Teams app package of one environment: `manifest/manifest.json` with its `${{VAR}}`
 * placeholders filled, plus the two icons, zipped (the same result as the Microsoft 365 Agents
 * Toolkit's `teamsApp/zipAppPackage` action, without the toolkit).
 *
 *   npm run manifest:zip -- --env dev [--out appPackage/build/appPackage.dev.zip] [--env-dir env] [--no-validate]
 *
 * Values come from `env/.env.<env>`, then `env/.env.<env>.user` (secrets, git-ignored), then the
 * process environment, each overriding the one before. The filled manifest is validated against
 * the official JSON schema of its `manifestVersion` (shipped by `@microsoft/app-manifest`).
 * Writes the zip and, beside it, the filled `manifest.<env>.json`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject } from "ajv-draft-04";
import addFormats from "ajv-formats";
import { parse as parseDotenv } from "dotenv";
import JSZip from "jszip";

/** The repository's root folder. */
export const ROOT = path.resolve(__dirname, "../..");

/** `${{NAME}}`, the toolkit's placeholder syntax (spaces inside the braces are allowed). */
const PLACEHOLDER = /\$\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Placeholders that may be filled with an empty string (every other one needs a value). */
export const OPTIONAL_PLACEHOLDERS: readonly string[] = ["APP_NAME_SUFFIX"];

/** Files that go into the package beside manifest.json, as named in its `icons`. */
export const ICON_FILES = ["color.png", "outline.png"] as const;

/** The placeholder text for a variable name: placeholder("BOT_ID") is "${{BOT_ID}}". */
export function placeholder(name: string): string {
  return `\${{${name}}}`;
}

/** Thrown when placeholders are left without a value; `missing` lists their names. */
export class UnfilledPlaceholderError extends Error {
  constructor(
    readonly missing: readonly string[],
    where: string,
    hint = "give them values in env/.env.<env>, env/.env.<env>.user or the environment",
  ) {
    const names = missing.map(placeholder).join(", ");
    super(`${where}: no value for placeholder${missing.length > 1 ? "s" : ""} ${names} (${hint})`);
    this.name = "UnfilledPlaceholderError";
  }
}

/** The distinct placeholder names in a text, in order of first appearance. */
export function findPlaceholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] as string))];
}

/**
 * Replaces every `${{NAME}}` in `template` with `vars[NAME]`. Values are inserted into JSON
 * strings, so quotes, backslashes and control characters are escaped.
 * @param optional names that may be empty (by default only APP_NAME_SUFFIX); the rest need a non-empty value
 * @param where names the template in the error message
 * @throws UnfilledPlaceholderError naming every placeholder left without a value
 */
export function fillPlaceholders(
  template: string,
  vars: Readonly<Record<string, string | undefined>>,
  optional: readonly string[] = OPTIONAL_PLACEHOLDERS,
  where = "manifest.json",
): string {
  const missing = findPlaceholders(template).filter((name) => {
    const value = vars[name];
    return value === undefined || (value === "" && !optional.includes(name));
  });
  if (missing.length > 0) throw new UnfilledPlaceholderError(missing, where);
  return template.replace(PLACEHOLDER, (_match, name: string) => JSON.stringify(vars[name] ?? "").slice(1, -1));
}

/**
 * Reads the variables of environment `envName`: `<envDir>/.env.<envName>` (required), then
 * `<envDir>/.env.<envName>.user` (optional, secrets), then `overrides` (normally process.env).
 * Later sources win; an empty or undefined override does not hide a value from a file.
 * @throws Error when `.env.<envName>` does not exist
 */
export function loadEnv(
  envName: string,
  envDir: string = path.join(ROOT, "env"),
  overrides: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  if (!/^[A-Za-z0-9_-]+$/.test(envName)) throw new Error(`invalid environment name "${envName}"`);
  const file = path.join(envDir, `.env.${envName}`);
  if (!existsSync(file)) throw new Error(`no environment file ${file}: create it (see env/.env.dev)`);
  const vars: Record<string, string> = { TEAMSFX_ENV: envName, ...parseDotenv(readFileSync(file)) };
  const userFile = `${file}.user`;
  if (existsSync(userFile)) Object.assign(vars, parseDotenv(readFileSync(userFile)));
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined && value !== "") vars[key] = value;
  }
  return vars;
}

/** Path of the official JSON schema of a Teams manifest version, e.g. "1.30". */
export function schemaPath(manifestVersion: string): string {
  const pkg = path.dirname(require.resolve("@microsoft/app-manifest/package.json"));
  return path.join(pkg, "build", "json-schemas", "teams", `v${manifestVersion}`, "MicrosoftTeams.schema.json");
}

/**
 * Validates a filled manifest against the official schema of its `manifestVersion`.
 * @returns the schema errors, one line each (empty when valid)
 */
export function validateManifest(manifest: { manifestVersion?: unknown }): string[] {
  const version = String(manifest.manifestVersion);
  const file = schemaPath(version);
  if (!existsSync(file)) return [`no schema for manifestVersion "${version}" in @microsoft/app-manifest`];
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(file, "utf8")));
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map(
    (e: ErrorObject) => `${e.instancePath || "/"} ${e.message ?? "is invalid"} ${JSON.stringify(e.params)}`,
  );
}

/** What buildPackage returns. */
export interface AppPackage {
  /** The filled manifest. */
  manifest: Record<string, unknown>;
  /** The filled manifest.json text, as zipped. */
  manifestText: string;
  /** The zip file's bytes: manifest.json, color.png, outline.png at its root. */
  zip: Buffer;
}

/**
 * Fills `<manifestDir>/manifest.json` with `vars` and zips it with its icons.
 * @param validate also check the result against the official schema (default true)
 * @throws UnfilledPlaceholderError, or Error on an invalid manifest or a missing icon
 */
export async function buildPackage(
  vars: Readonly<Record<string, string | undefined>>,
  { manifestDir = path.join(ROOT, "manifest"), validate = true } = {},
): Promise<AppPackage> {
  const template = readFileSync(path.join(manifestDir, "manifest.json"), "utf8");
  const manifestText = fillPlaceholders(template, vars, OPTIONAL_PLACEHOLDERS, path.join(manifestDir, "manifest.json"));
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  if (validate) {
    const errors = validateManifest(manifest);
    if (errors.length > 0) throw new Error(`manifest.json does not match its schema:\n  ${errors.join("\n  ")}`);
  }
  const zip = new JSZip();
  // A fixed date keeps the archive identical for identical inputs.
  const date = new Date("2025-01-01T00:00:00Z");
  zip.file("manifest.json", manifestText, { date });
  for (const icon of ICON_FILES) {
    const file = path.join(manifestDir, icon);
    if (!existsSync(file)) throw new Error(`missing icon ${file} (run: npx tsx scripts/manifest/makeIcons.ts)`);
    zip.file(icon, readFileSync(file), { date });
  }
  const bytes = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", platform: "UNIX" });
  return { manifest, manifestText, zip: bytes };
}

/** Command-line options of this script. */
export interface CliOptions {
  env: string;
  envDir: string;
  out: string;
  validate: boolean;
}

/** Parses `--env <name>` (default "dev"), `--env-dir <folder>`, `--out <zip path>`, `--no-validate`. */
export function parseArgs(argv: readonly string[]): CliOptions {
  let env = "dev";
  let envDir = path.join(ROOT, "env");
  let out: string | undefined;
  let validate = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (!v) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--env" || flag === "-e") env = value();
    else if (flag === "--out" || flag === "-o") out = value();
    else if (flag === "--env-dir") envDir = path.resolve(value());
    else if (flag === "--no-validate") validate = false;
    else
      throw new Error(
        `unknown argument ${arg} (usage: manifest:zip -- --env <name> [--env-dir <folder>] [--out <zip>] [--no-validate])`,
      );
  }
  return {
    env,
    envDir,
    out: path.resolve(out ?? path.join(ROOT, "appPackage", "build", `appPackage.${env}.zip`)),
    validate,
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const vars = loadEnv(options.env, options.envDir);
  const pkg = await buildPackage(vars, { validate: options.validate }).catch((error: unknown) => {
    if (!(error instanceof UnfilledPlaceholderError)) throw error;
    const file = path.relative(process.cwd(), path.join(options.envDir, `.env.${options.env}`));
    const hint = `set them in ${file}, ${file}.user or the environment; provision fills most`;
    throw new UnfilledPlaceholderError(error.missing, "manifest/manifest.json", hint);
  });
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, pkg.zip);
  writeFileSync(path.join(path.dirname(options.out), `manifest.${options.env}.json`), pkg.manifestText);
  console.log(`wrote ${path.relative(process.cwd(), options.out) || options.out}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`manifest:zip: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
