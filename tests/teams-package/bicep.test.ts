/**
 * Checks infra/bicep as text (no Bicep compiler can be installed from npm here): the Web App
 * gets every production setting, secrets come from Key Vault, the runtime and start command,
 * the bot's Teams channel and managed identity, and the parameters file's placeholders.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PRODUCTION_SETTINGS } from "../../api/src/config";

const BICEP_DIR = path.resolve(__dirname, "../../infra/bicep");
const files = readdirSync(BICEP_DIR).filter((f) => f.endsWith(".bicep"));
const sources = files.map((f) => ({ file: f, text: readFileSync(path.join(BICEP_DIR, f), "utf8") }));
const all = sources.map((s) => s.text).join("\n");

/** Settings whose values are secrets: they must be Key Vault references. */
const SECRET_SETTINGS = ["DATABASE_URL", "SESSION_SECRET", "INTEGRATIONS_KEY", "AAD_APP_CLIENT_SECRET"];

/** The text from `open` (an opening bracket at `start`) to its matching closing bracket. */
function balanced(text: string, start: number): string {
  const open = text[start];
  const close = open === "[" ? "]" : open === "{" ? "}" : ")";
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === "'") inString = false;
    } else if (c === "'") inString = true;
    else if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i);
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unbalanced ${open} at offset ${start}`);
}

/** The body `{...}` of the first resource declared with the given type (e.g. Microsoft.Web/sites). */
function resourceBody(type: string): string {
  const match = new RegExp(`resource\\s+\\w+\\s+'${type.replace(/[/.]/g, "\\$&")}@[^']+'\\s*=\\s*\\{`).exec(all);
  if (!match) throw new Error(`no resource of type ${type}`);
  return balanced(all, match.index + match[0].length - 1);
}

/** The Web App's appSettings: name -> value expression (as written in Bicep). */
function appSettings(): Map<string, string> {
  const site = resourceBody("Microsoft.Web/sites");
  const at = /appSettings\s*:\s*\[/.exec(site);
  if (!at) throw new Error("the Web App has no appSettings");
  const block = balanced(site, at.index + at[0].length - 1);
  const settings = new Map<string, string>();
  for (const m of block.matchAll(/\{\s*name:\s*'([^']+)'\s*value:\s*([^\n]+?)\s*\n\s*\}/g)) {
    settings.set(m[1] as string, m[2] as string);
  }
  return settings;
}

/** A property's value expression inside a block, e.g. prop(site, "linuxFxVersion"). */
function prop(block: string, name: string): string | undefined {
  return new RegExp(`\\b${name}:\\s*([^\\n]+)`).exec(block)?.[1]?.trim();
}

describe("infra/bicep", () => {
  test("the files are there, with brackets, braces and quotes balanced", () => {
    expect(files).toContain("main.bicep");
    for (const { file, text } of sources) {
      // Wrap the file so that `balanced` walks all of it, skipping strings and comments.
      expect(() => balanced(`{${text}\n}`, 0)).not.toThrow();
      expect(balanced(`{${text}\n}`, 0).length).toBe(text.length + 3);
      for (const pair of ["[]", "()"]) {
        const opens = text.replace(/'(?:[^'\\]|\\.)*'|\/\/[^\n]*/g, "").split(pair[0] as string).length;
        const closes = text.replace(/'(?:[^'\\]|\\.)*'|\/\/[^\n]*/g, "").split(pair[1] as string).length;
        expect(`${file} ${pair}: ${opens}`).toBe(`${file} ${pair}: ${closes}`);
      }
    }
  });

  test("the Web App has an app setting for every name in PRODUCTION_SETTINGS", () => {
    const names = [...appSettings().keys()];
    for (const name of PRODUCTION_SETTINGS) expect(names).toContain(name);
  });

  test("fixed settings: production mode and the bot's managed identity", () => {
    const settings = appSettings();
    expect(settings.get("NODE_ENV")).toBe("'production'");
    expect(settings.get("BOT_TYPE")).toBe("'UserAssignedMsi'");
    expect(settings.get("BOT_ID")).toMatch(/^\w+\.properties\.clientId$/);
    expect(settings.get("BOT_TENANT_ID")).toMatch(/^\w+\.properties\.tenantId$/);
  });

  test("secrets are Key Vault references to secrets declared in the vault", () => {
    const settings = appSettings();
    for (const name of SECRET_SETTINGS) {
      const value = settings.get(name);
      expect(value).toMatch(/^'@Microsoft\.KeyVault\(SecretUri=\$\{\w+\.properties\.secretUri\}\)'$/);
      const symbol = /\$\{(\w+)\./.exec(value ?? "")?.[1];
      expect(all).toMatch(new RegExp(`resource\\s+${symbol}\\s+'Microsoft\\.KeyVault/vaults/secrets@`));
    }
    // PointBot's key (optional): a Key Vault reference when given, else empty (the local engine).
    expect(settings.get("OPENAI_API_KEY")).toMatch(
      /^\w+ \? '@Microsoft\.KeyVault\(SecretUri=\$\{\w+!\.properties\.secretUri\}\)' : ''$/,
    );
    // No other setting carries a secret parameter directly.
    const secureParams = [...all.matchAll(/@secure\(\)[\s\S]*?param\s+(\w+)/g)].map((m) => m[1] as string);
    expect(secureParams.length).toBeGreaterThanOrEqual(3);
    for (const [name, value] of settings) {
      for (const param of secureParams) expect(`${name}: ${value}`).not.toMatch(new RegExp(`\\b${param}\\b`));
    }
  });

  test("the Web App reads Key Vault with the user-assigned identity, which has Key Vault Secrets User", () => {
    const site = resourceBody("Microsoft.Web/sites");
    expect(prop(site, "type")).toBe("'UserAssigned'");
    expect(prop(site, "keyVaultReferenceIdentity")).toMatch(/^\w+\.id$/);
    const role = resourceBody("Microsoft.Authorization/roleAssignments");
    expect(all).toMatch(/'4633458b-17de-408a-b874-0445c86b69e6'/); // Key Vault Secrets User
    expect(prop(role, "scope")).toMatch(/^keyVault$/);
    expect(prop(role, "principalId")).toMatch(/\.properties\.principalId$/);
    expect(prop(resourceBody("Microsoft.KeyVault/vaults"), "enableRbacAuthorization")).toBe("true");
  });

  test("Linux Node 24 LTS running `npm start`", () => {
    const site = resourceBody("Microsoft.Web/sites");
    expect(prop(site, "linuxFxVersion")).toBe("'NODE|24-lts'");
    expect(prop(site, "appCommandLine")).toBe("'npm start'");
    expect(prop(site, "kind")).toMatch(/linux/);
    expect(prop(site, "webSocketsEnabled")).toBe("true");
    expect(prop(resourceBody("Microsoft.Web/serverfarms"), "reserved")).toBe("true");
  });

  test("the Azure Bot uses the managed identity and has the Microsoft Teams channel", () => {
    const bot = resourceBody("Microsoft.BotService/botServices");
    expect(prop(bot, "msaAppType")).toBe("'UserAssignedMSI'");
    expect(prop(bot, "msaAppId")).toMatch(/^\w+\.properties\.clientId$/);
    expect(prop(bot, "msaAppMSIResourceId")).toMatch(/^\w+\.id$/);
    expect(prop(bot, "msaAppTenantId")).toMatch(/^\w+\.properties\.tenantId$/);
    expect(prop(bot, "endpoint")).toMatch(/\/api\/messages'$/);
    const channel = resourceBody("Microsoft.BotService/botServices/channels");
    expect(prop(channel, "name")).toBe("'MsTeamsChannel'");
    expect(prop(channel, "channelName")).toBe("'MsTeamsChannel'");
  });

  test("PostgreSQL Flexible Server 15 or 16 with the pointwise database", () => {
    const server = resourceBody("Microsoft.DBforPostgreSQL/flexibleServers");
    expect(all).toMatch(/param postgresVersion string = '1[56]'/);
    expect(prop(server, "version")).toBe("postgresVersion");
    expect(all).toMatch(/var databaseName = 'pointwise'/);
    expect(prop(resourceBody("Microsoft.DBforPostgreSQL/flexibleServers/databases"), "name")).toBe("databaseName");
  });

  test("main.parameters.json gives every parameter without a default, secrets as SECRET_ placeholders", () => {
    const main = readFileSync(path.join(BICEP_DIR, "main.bicep"), "utf8");
    const params = JSON.parse(readFileSync(path.join(BICEP_DIR, "main.parameters.json"), "utf8")) as {
      parameters: Record<string, { value: unknown }>;
    };
    const declared = new Map(
      [...main.matchAll(/^param\s+(\w+)\s+\w+(\s*=.*)?$/gm)].map((m) => [m[1] as string, m[2] !== undefined]),
    );
    for (const [name, hasDefault] of declared) {
      if (!hasDefault) expect(Object.keys(params.parameters)).toContain(name);
    }
    for (const name of Object.keys(params.parameters)) expect([...declared.keys()]).toContain(name);
    const secure = [...main.matchAll(/@secure\(\)[\s\S]*?param\s+(\w+)/g)].map((m) => m[1] as string);
    for (const name of secure) expect(params.parameters[name]?.value).toMatch(/^\$\{\{SECRET_\w+\}\}$/);
  });
});
