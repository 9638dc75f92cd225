/**
 * Checks the Microsoft 365 Agents Toolkit project files: the actions each lifecycle runs, that
 * every file they name exists, and that every placeholder they and the templates use has a source
 * (an env file, an action's output, the Bicep outputs, or the toolkit's built-ins).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { missingSecrets } from "../../scripts/manifest/ensureSecrets";
import { findPlaceholders, placeholder, ROOT } from "../../scripts/manifest/manifestZip";

interface Action {
  uses: string;
  with?: Record<string, unknown>;
  writeToEnvironmentFile?: Record<string, string>;
}
interface Project {
  version: string;
  environmentFolderPath?: string;
  provision: Action[];
  deploy: Action[];
  publish?: Action[];
}

function load(file: string): { text: string; project: Project } {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return { text, project: parse(text) as Project };
}

const remote = load("teamsapp.yml");
const local = load("teamsapp.local.yml");

/** Variables the toolkit defines itself or asks for. */
const BUILT_IN = ["TEAMSFX_ENV", "RESOURCE_SUFFIX", "AZURE_SUBSCRIPTION_ID", "AZURE_RESOURCE_GROUP_NAME"];

/** Variables that an environment's actions write. */
function produced(project: Project): Set<string> {
  const names = new Set<string>();
  for (const action of [...project.provision, ...project.deploy, ...(project.publish ?? [])]) {
    for (const name of Object.values(action.writeToEnvironmentFile ?? {})) names.add(name);
    if (action.uses === "aadApp/update") names.add("AAD_APP_ACCESS_AS_USER_PERMISSION_ID");
    if (action.uses === "arm/deploy") {
      const main = readFileSync(path.join(ROOT, "infra/bicep/main.bicep"), "utf8");
      for (const m of main.matchAll(/^output\s+(\w+)\s/gm)) names.add(m[1] as string);
    }
  }
  return names;
}

/** Names given a line (even empty) in a committed env file. */
function declared(env: string): Set<string> {
  const text = readFileSync(path.join(ROOT, "env", `.env.${env}`), "utf8");
  return new Set([...text.matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1] as string));
}

describe("teamsapp.yml and teamsapp.local.yml", () => {
  test("use a v1.x schema version and the env folder", () => {
    for (const { text, project } of [remote, local]) {
      expect(project.version).toMatch(/^v1\.\d+$/);
      expect(text).toContain(`$schema=https://aka.ms/m365-agents-toolkits/${project.version}/yaml.schema.json`);
    }
    expect(remote.project.environmentFolderPath).toBe("./env");
  });

  test("provision runs the Entra, Teams app and Azure actions in a workable order", () => {
    const uses = remote.project.provision.map((a) => a.uses);
    for (const action of [
      "aadApp/create",
      "teamsApp/create",
      "arm/deploy",
      "aadApp/update",
      "teamsApp/validateManifest",
      "teamsApp/zipAppPackage",
      "teamsApp/validateAppPackage",
      "teamsApp/update",
    ]) {
      expect(uses).toContain(action);
    }
    // aadApp/update needs TAB_DOMAIN, which arm/deploy outputs.
    expect(uses.indexOf("aadApp/update")).toBeGreaterThan(uses.indexOf("arm/deploy"));
    expect(uses.indexOf("teamsApp/zipAppPackage")).toBeGreaterThan(uses.indexOf("arm/deploy"));
    expect(remote.project.deploy.map((a) => a.uses)).toEqual([
      "cli/runNpmCommand",
      "cli/runNpmCommand",
      "azureAppService/zipDeploy",
    ]);
    expect(remote.project.publish?.map((a) => a.uses)).toContain("teamsApp/publishAppPackage");
  });

  test("every file an action names exists", () => {
    for (const { project } of [remote, local]) {
      for (const action of [...project.provision, ...project.deploy, ...(project.publish ?? [])]) {
        const w = action.with ?? {};
        const paths = [w.manifestPath, w.ignoreFile, w.parameters];
        for (const t of (w.templates as { path: string; parameters: string }[] | undefined) ?? []) {
          paths.push(t.path, t.parameters);
        }
        const script = typeof w.run === "string" ? /scripts\/\S+\.ts/.exec(w.run)?.[0] : undefined;
        for (const p of [...paths, script]) {
          if (typeof p === "string") expect(`${p}: ${existsSync(path.join(ROOT, p))}`).toBe(`${p}: true`);
        }
      }
    }
  });

  test("every placeholder in the project files and templates has a source", () => {
    const templates = ["manifest/manifest.json", "manifest/aad.manifest.json", "infra/bicep/main.parameters.json"];
    const generatedSecrets = ["SECRET_SESSION_SECRET", "SECRET_INTEGRATIONS_KEY", "SECRET_POSTGRES_ADMIN_PASSWORD"];
    for (const [env, { text, project }] of [
      ["dev", remote],
      ["local", local],
    ] as const) {
      const used = new Set(findPlaceholders(text));
      for (const file of templates) {
        if (env === "local" && file.startsWith("infra/")) continue;
        for (const name of findPlaceholders(readFileSync(path.join(ROOT, file), "utf8"))) used.add(name);
      }
      const sources = new Set([...BUILT_IN, ...declared(env), ...produced(project)]);
      if (env === "dev") for (const s of generatedSecrets) sources.add(s);
      const orphans = [...used].filter((name) => !sources.has(name));
      expect(`${env}: ${orphans.join(", ")}`).toBe(`${env}: `);
    }
  });
});

describe("scripts/manifest/ensureSecrets.ts", () => {
  test("generates the missing secrets only, in a form the toolkit's ::set-teamsfx-env parser reads whole", () => {
    const generated = missingSecrets({
      SECRET_SESSION_SECRET: "kept-as-it-is",
      SECRET_INTEGRATIONS_KEY: "kept-too",
      SECRET_POSTGRES_ADMIN_PASSWORD: "",
    });
    expect(Object.keys(generated)).toEqual(["SECRET_POSTGRES_ADMIN_PASSWORD"]);
    const all = missingSecrets({ SECRET_SESSION_SECRET: placeholder("SECRET_SESSION_SECRET") });
    expect(Object.keys(all).sort()).toEqual([
      "SECRET_INTEGRATIONS_KEY",
      "SECRET_POSTGRES_ADMIN_PASSWORD",
      "SECRET_SESSION_SECRET",
    ]);
    expect(all.SECRET_SESSION_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(all.SECRET_INTEGRATIONS_KEY ?? "", "base64")).toHaveLength(32);
    const password = all.SECRET_POSTGRES_ADMIN_PASSWORD ?? "";
    for (const rule of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/]) expect(password).toMatch(rule);
    // The toolkit's script driver reads outputs with this pattern (quotes or no whitespace).
    const toolkit = /::(set-teamsfx-env|set-output)\s+(\w+)=((["'])(.*?)\4|[^"'\s]+)/g;
    for (const [name, value] of Object.entries(all)) {
      const [match] = [...`::set-teamsfx-env ${name}=${value}\n`.matchAll(toolkit)];
      expect(match?.[3]).toBe(value);
    }
  });
});
