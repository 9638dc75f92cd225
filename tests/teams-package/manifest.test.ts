import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import JSZip from "jszip";
import { PNG } from "pngjs";
import { colorIcon, outlineIcon } from "../../scripts/manifest/makeIcons";
import {
  buildPackage,
  fillPlaceholders,
  findPlaceholders,
  loadEnv,
  placeholder,
  ROOT,
  UnfilledPlaceholderError,
  validateManifest,
} from "../../scripts/manifest/manifestZip";

const MANIFEST_DIR = path.join(ROOT, "manifest");
const template = readFileSync(path.join(MANIFEST_DIR, "manifest.json"), "utf8");

/** Values as provision would write them to env/.env.dev. */
const SAMPLE = {
  TEAMS_APP_ID: "0d3f6a5e-8b1c-4f0a-9c2e-3a4b5c6d7e8f",
  BOT_ID: "11111111-2222-4333-8444-555555555555",
  AAD_APP_CLIENT_ID: "22222222-3333-4444-8555-666666666666",
  TAB_DOMAIN: "pointwise-dev.azurewebsites.net",
  TAB_ENDPOINT: "https://pointwise-dev.azurewebsites.net",
  APP_NAME_SUFFIX: "-dev",
};

interface Tab {
  entityId?: string;
  contentUrl?: string;
  websiteUrl?: string;
  configurationUrl?: string;
  scopes: string[];
  context?: string[];
}
interface Manifest {
  manifestVersion: string;
  id: string;
  name: { short: string };
  developer: { name: string; websiteUrl: string; privacyUrl: string; termsOfUseUrl: string };
  icons: { color: string; outline: string };
  staticTabs: Tab[];
  configurableTabs: Tab[];
  bots: { botId: string; scopes: string[]; commandLists: { scopes: string[]; commands: { title: string }[] }[] }[];
  validDomains: string[];
  webApplicationInfo: { id: string; resource: string };
  authorization: { permissions: { resourceSpecific: { name: string; type: string }[] } };
}

function filled(): Manifest {
  return JSON.parse(fillPlaceholders(template, SAMPLE)) as Manifest;
}

/** The official Teams manifest schemas shipped by @microsoft/app-manifest, by version. */
const schemaRoot = path.join(
  path.dirname(require.resolve("@microsoft/app-manifest/package.json")),
  "build/json-schemas/teams",
);

function readPng(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

describe("manifest/manifest.json", () => {
  test("uses the newest released manifest schema that @microsoft/app-manifest ships", () => {
    const versions = readdirSync(schemaRoot)
      .filter((v) => /^v\d+\.\d+$/.test(v))
      .map((v) => v.slice(1))
      .sort((a, b) => {
        const [amaj = 0, amin = 0] = a.split(".").map(Number);
        const [bmaj = 0, bmin = 0] = b.split(".").map(Number);
        return amaj - bmaj || amin - bmin;
      });
    expect(filled().manifestVersion).toBe(versions.at(-1));
  });

  test("has exactly the documented placeholders, and filling leaves none", () => {
    expect(findPlaceholders(template).sort()).toEqual(Object.keys(SAMPLE).sort());
    expect(fillPlaceholders(template, SAMPLE)).not.toMatch(/\$\{\{/);
  });

  test("filled with sample values, it validates against the official JSON schema of its version", () => {
    const manifest = filled();
    const schemaFile = path.join(schemaRoot, `v${manifest.manifestVersion}`, "MicrosoftTeams.schema.json");
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The script's own check agrees.
    expect(validateManifest(manifest)).toEqual([]);
  });

  test("the schema check rejects a broken manifest", () => {
    const broken = { ...filled(), id: "not-a-guid", bots: [{ scopes: ["personal"] }] };
    const errors = validateManifest(broken);
    expect(errors.join("\n")).toMatch(/\/id/);
    expect(errors.join("\n")).toMatch(/botId/);
  });

  test("tabs: personal static tab at /, configurable tab for channels, chats and meetings", () => {
    const m = filled();
    const home = m.staticTabs.find((t) => t.contentUrl !== undefined);
    expect(home).toMatchObject({ contentUrl: `${SAMPLE.TAB_ENDPOINT}/`, scopes: ["personal"] });
    expect(m.configurableTabs).toHaveLength(1);
    const tab = m.configurableTabs[0] as Tab;
    expect(tab.configurationUrl).toBe(`${SAMPLE.TAB_ENDPOINT}/teams/config`);
    expect(tab.context?.sort()).toEqual(
      ["channelTab", "privateChatTab", "meetingChatTab", "meetingSidePanel", "meetingStage"].sort(),
    );
    expect(m.developer).toEqual({
      name: "Pointwise",
      websiteUrl: `${SAMPLE.TAB_ENDPOINT}/`,
      privacyUrl: `${SAMPLE.TAB_ENDPOINT}/privacy-policy`,
      termsOfUseUrl: `${SAMPLE.TAB_ENDPOINT}/terms`,
    });
    expect(m.name.short).toBe("Pointwise-dev");
  });

  test("bot: the commands in personal, team and group chat scopes", () => {
    const [bot] = filled().bots;
    expect(bot?.botId).toBe(SAMPLE.BOT_ID);
    expect(bot?.scopes.sort()).toEqual(["groupChat", "personal", "team"]);
    const covered = new Set(bot?.commandLists.flatMap((l) => l.scopes));
    expect([...covered].sort()).toEqual(["groupChat", "personal", "team"]);
    for (const list of bot?.commandLists ?? []) {
      expect(list.commands.map((c) => c.title)).toEqual(["new", "add", "reveal", "next", "summary", "help"]);
    }
  });

  test("SSO, domains and the RSC permissions for the meeting stage", () => {
    const m = filled();
    expect(m.webApplicationInfo).toEqual({
      id: SAMPLE.AAD_APP_CLIENT_ID,
      resource: `api://${SAMPLE.TAB_DOMAIN}/${SAMPLE.AAD_APP_CLIENT_ID}`,
    });
    expect(m.validDomains).toContain(SAMPLE.TAB_DOMAIN);
    const rsc = m.authorization.permissions.resourceSpecific;
    expect(rsc).toContainEqual({ name: "MeetingStage.Write.Chat", type: "Delegated" });
    expect(rsc.every((p) => p.type === "Delegated")).toBe(true);
  });
});

describe("fillPlaceholders", () => {
  test("names every placeholder left without a value", () => {
    const { TAB_DOMAIN: _domain, BOT_ID: _bot, ...partial } = SAMPLE;
    let error: unknown;
    try {
      fillPlaceholders(template, { ...partial, TEAMS_APP_ID: "" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnfilledPlaceholderError);
    expect([...(error as UnfilledPlaceholderError).missing].sort()).toEqual(["BOT_ID", "TAB_DOMAIN", "TEAMS_APP_ID"]);
    expect((error as Error).message).toContain(placeholder("TAB_DOMAIN"));
  });

  test("APP_NAME_SUFFIX may be empty; values are escaped for JSON", () => {
    const text = fillPlaceholders(`{"a": "${placeholder("APP_NAME_SUFFIX")}", "b": "\${{ X }}"}`, {
      APP_NAME_SUFFIX: "",
      X: 'say "hi"\\',
    });
    expect(JSON.parse(text)).toEqual({ a: "", b: 'say "hi"\\' });
  });
});

describe("loadEnv", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pointwise-env-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("reads .env.<env>, then .env.<env>.user, then overrides; empty overrides do not hide values", () => {
    writeFileSync(path.join(dir, ".env.staging"), "# comment\nA=from-env\nB=from-env\nC=from-env\nEMPTY=\n");
    writeFileSync(path.join(dir, ".env.staging.user"), 'B=from-user\nSECRET_X="quoted secret"\n');
    const vars = loadEnv("staging", dir, { C: "from-process", A: "" });
    expect(vars).toMatchObject({
      TEAMSFX_ENV: "staging",
      A: "from-env",
      B: "from-user",
      C: "from-process",
      EMPTY: "",
      SECRET_X: "quoted secret",
    });
  });

  test("a missing environment file is a clear error", () => {
    expect(() => loadEnv("nope", dir, {})).toThrow(/\.env\.nope/);
  });

  test("the committed env files exist and hold no secret values", () => {
    for (const env of ["dev", "local"]) {
      const vars = loadEnv(env, path.join(ROOT, "env"), {});
      expect(vars.TEAMSFX_ENV).toBe(env);
      const text = readFileSync(path.join(ROOT, "env", `.env.${env}`), "utf8");
      expect(text).not.toMatch(/^SECRET_\w*=\S/m);
    }
  });
});

describe("icons", () => {
  test("color.png is 192x192", () => {
    const png = readPng(path.join(MANIFEST_DIR, "color.png"));
    expect([png.width, png.height]).toEqual([192, 192]);
  });

  test("outline.png is 32x32, white or transparent pixels only, and not empty", () => {
    const png = readPng(path.join(MANIFEST_DIR, "outline.png"));
    expect([png.width, png.height]).toEqual([32, 32]);
    let opaque = 0;
    const offenders: string[] = [];
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b, a] = [png.data[i], png.data[i + 1], png.data[i + 2], png.data[i + 3]];
      if (a === 0) continue;
      if (a === 255) opaque++;
      if (r !== 255 || g !== 255 || b !== 255) offenders.push(`pixel ${i / 4}: rgba(${r},${g},${b},${a})`);
    }
    expect(offenders).toEqual([]);
    expect(opaque).toBeGreaterThan(50);
  });

  test("the committed PNGs are what scripts/manifest/makeIcons.ts draws", () => {
    expect(PNG.sync.read(colorIcon()).data.equals(readPng(path.join(MANIFEST_DIR, "color.png")).data)).toBe(true);
    expect(PNG.sync.read(outlineIcon()).data.equals(readPng(path.join(MANIFEST_DIR, "outline.png")).data)).toBe(true);
  });
});

describe("app package", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pointwise-pkg-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function entries(zipBytes: Buffer): Promise<Record<string, Buffer>> {
    const zip = await JSZip.loadAsync(zipBytes);
    const out: Record<string, Buffer> = {};
    for (const name of Object.keys(zip.files)) {
      out[name] = await (zip.file(name) as JSZip.JSZipObject).async("nodebuffer");
    }
    return out;
  }

  test("buildPackage zips the filled manifest.json with color.png and outline.png", async () => {
    const pkg = await buildPackage(SAMPLE);
    const files = await entries(pkg.zip);
    expect(Object.keys(files).sort()).toEqual(["color.png", "manifest.json", "outline.png"]);
    expect(JSON.parse((files["manifest.json"] as Buffer).toString("utf8"))).toEqual(filled());
    expect(files["color.png"]).toEqual(readFileSync(path.join(MANIFEST_DIR, "color.png")));
  });

  /** Runs `npm run manifest:zip -- <args>` with only the given variables on top of PATH and HOME. */
  function runCli(args: string[], vars: Record<string, string>) {
    const env: Record<string, string> = { ...vars, NODE_OPTIONS: "" };
    for (const key of ["PATH", "HOME", "TMPDIR", "SystemRoot", "APPDATA"]) {
      const value = process.env[key];
      if (value !== undefined) env[key] = value;
    }
    return spawnSync("npm", ["run", "--silent", "manifest:zip", "--", ...args], {
      cwd: ROOT,
      env,
      encoding: "utf8",
      shell: process.platform === "win32",
    });
  }

  test("`npm run manifest:zip -- --env dev` writes the zip from env/.env.dev plus the environment", async () => {
    const out = path.join(dir, "appPackage.dev.zip");
    const result = runCli(["--env", "dev", "--out", out], SAMPLE);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const files = await entries(readFileSync(out));
    expect(Object.keys(files).sort()).toEqual(["color.png", "manifest.json", "outline.png"]);
    const manifest = JSON.parse((files["manifest.json"] as Buffer).toString("utf8")) as Manifest;
    expect(manifest.id).toBe(SAMPLE.TEAMS_APP_ID);
    expect(manifest.name.short).toBe("Pointwise-dev");
    expect(readFileSync(path.join(dir, "manifest.dev.json"), "utf8")).toBe(
      (files["manifest.json"] as Buffer).toString("utf8"),
    );
  });

  test("the command fails naming the placeholders it could not fill", () => {
    // A fresh environment, as before the first provision: the ids are still empty.
    const envDir = path.join(dir, "env");
    mkdirSync(envDir);
    writeFileSync(path.join(envDir, ".env.fresh"), "APP_NAME_SUFFIX=-fresh\nTEAMS_APP_ID=\nBOT_ID=\n");
    const { BOT_ID: _bot, TAB_ENDPOINT: _endpoint, TEAMS_APP_ID: _id, ...partial } = SAMPLE;
    const out = path.join(dir, "fresh.zip");
    const result = runCli(["--env", "fresh", "--env-dir", envDir, "--out", out], partial);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(["TEAMS_APP_ID", "TAB_ENDPOINT", "BOT_ID"].map(placeholder).join(", "));
    expect(result.stderr).toContain(".env.fresh");
    expect(existsSync(out)).toBe(false);
  });
});
