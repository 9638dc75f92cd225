import http from "node:http";
import type { Socket } from "node:net";

/*
 * A local stand-in for Jira Cloud (REST API v3, Atlassian's published OpenAPI description), for
 * tests: the API and browser tests start it in-process with `startJiraStub()` and point a saved
 * connection's serverUrl at `stub.baseUrl` (plain http to 127.0.0.1 is allowed outside
 * production). Run it as a process with `npx tsx api/src/testing/jiraStubMain.ts [port]`; it
 * prints its base URL and serves its record at `GET /__stub/state`.
 *
 * Served: basic auth (e-mail and API token; anything else is Jira's 401), `GET /rest/api/3/myself`,
 * `GET /rest/api/3/project/search`, `GET /rest/api/3/field`,
 * `GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes`, `POST /rest/api/3/issue`
 * (description in Atlassian Document Format), `GET` and `PUT /rest/api/3/issue/{idOrKey}`,
 * `POST /rest/api/3/search/jql` (ids only unless `fields` is given) and
 * `POST /rest/api/3/search/approximate-count`. The JQL understood is the subset our server
 * sends: clauses joined by AND (`field = value`, `!=`, `in (...)`, `is EMPTY`, `is not EMPTY`)
 * over project, key, issuetype, statusCategory, status and `cf[N]`, and `ORDER BY Rank`.
 *
 * A hostile or broken Jira (issue #23 section 6) is scripted with `answerRaw`: an endpoint then
 * answers the given status, headers and bytes as they are (malformed JSON, wrong types, a
 * million-level nesting, an answer without end) after the usual authentication.
 */

/** The account the stub accepts by default (basic auth `email:apiToken`). */
export const JIRA_TEST = {
  email: "pm@example.com",
  apiToken: "ATATT-jira-test-token-9f3c",
  accountId: "5b10ac8d82e05b22cc7d4ef5",
  displayName: "Pat Manager",
} as const;

/** The id of the "Story point estimate" custom field in the stub's field list (team-managed projects). */
export const STORY_POINT_ESTIMATE_FIELD = "customfield_10016";
/** The id of the older "Story Points" custom field (company-managed projects). */
export const STORY_POINTS_FIELD = "customfield_10028";

/** An Atlassian Document Format node (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/). */
export interface AdfNode {
  type: string;
  version?: number;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: AdfNode[];
}

/** A project as the stub keeps it, with the issue types its create screen offers. */
export interface StubProject {
  id: string;
  key: string;
  name: string;
  issueTypes: { id: string; name: string }[];
}

/** An issue as the stub keeps it: Jira's `fields` object, custom fields keyed by their id. */
export interface StubIssue {
  id: string;
  key: string;
  fields: {
    summary: string;
    description: AdfNode | null;
    project: { id: string; key: string; name: string };
    issuetype: { id: string; name: string };
    status: { name: string; statusCategory: { key: "new" | "indeterminate" | "done"; name: string } };
    [customField: string]: unknown;
  };
  /** Position in the backlog (`ORDER BY Rank`): lower first. */
  rank: number;
}

/** One request the stub received: method, path with query, Authorization header and JSON body. */
export interface JiraCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * An answer sent byte for byte in place of Jira's (issue #23 section 6: a hostile tracker): the
 * status (200 unless given), headers, and the body; `endless` is then sent again and again until
 * the client hangs up (an answer without end).
 */
export interface RawAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
  endless?: string;
}

/** The running stub: its URL, its record and the knobs a test turns. */
export interface JiraStub {
  /** The serverUrl to save (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  calls: JiraCall[];
  projects: StubProject[];
  /** Issues by key (`PW-1`). */
  issues: Map<string, StubIssue>;
  /** Accepted accounts: e-mail to API token. */
  accounts: Map<string, string>;
  /** Adds an issue (status To Do unless given) and returns it. */
  addIssue(opts: {
    project: string;
    summary: string;
    description?: AdfNode | null;
    issueType?: string;
    status?: "To Do" | "In Progress" | "Done";
    fields?: Record<string, unknown>;
  }): StubIssue;
  /** The next `count` API requests answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** Creations (POST issue) whose summary contains this text answer Jira's 400 (null: none). */
  failCreatesWith: string | null;
  /** The next `count` edits (PUT issue) answer Jira's 400 with this message on the field. */
  failEditsNext(count: number, message?: string): void;
  /**
   * Every authenticated `method` request to `path` (without the query) answers `answer` as it is,
   * until reset; a rate limit scripted by `rateLimitNext` comes first.
   */
  answerRaw(method: string, path: string, answer: RawAnswer): void;
  /** Bytes of `endless` answers written so far (the client stops reading at its cap). */
  endlessBytesSent: number;
  /** Plain text of an issue's description (paragraph texts and list items, one a line). */
  descriptionText(key: string): string;
  /** Forgets calls, issues (keeping projects and accounts), scripted failures and raw answers. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_PROJECTS: StubProject[] = [
  {
    id: "10000",
    key: "PW",
    name: "Pointwise",
    issueTypes: [
      { id: "10001", name: "Task" },
      { id: "10004", name: "Story" },
      { id: "10005", name: "Bug" },
      { id: "10002", name: "Epic" },
    ],
  },
  // No Story type: creation falls back to Task.
  { id: "10010", key: "OPS", name: "Operations", issueTypes: [{ id: "10011", name: "Task" }] },
];

/** The field list of `GET /rest/api/3/field` (system fields and the two story-point custom fields). */
const FIELDS = [
  { id: "summary", key: "summary", name: "Summary", custom: false, schema: { type: "string", system: "summary" } },
  {
    id: "description",
    key: "description",
    name: "Description",
    custom: false,
    schema: { type: "string", system: "description" },
  },
  { id: "issuetype", key: "issuetype", name: "Issue Type", custom: false, schema: { type: "issuetype" } },
  { id: "status", key: "status", name: "Status", custom: false, schema: { type: "status" } },
  {
    id: STORY_POINT_ESTIMATE_FIELD,
    key: STORY_POINT_ESTIMATE_FIELD,
    name: "Story point estimate",
    custom: true,
    schema: { type: "number", custom: "com.pyxis.greenhopper.jira:jsw-story-points", customId: 10016 },
  },
  {
    id: STORY_POINTS_FIELD,
    key: STORY_POINTS_FIELD,
    name: "Story Points",
    custom: true,
    schema: { type: "number", custom: "com.atlassian.jira.plugin.system.customfieldtypes:float", customId: 10028 },
  },
];

const STATUS: Record<string, StubIssue["fields"]["status"]> = {
  "To Do": { name: "To Do", statusCategory: { key: "new", name: "To Do" } },
  "In Progress": { name: "In Progress", statusCategory: { key: "indeterminate", name: "In Progress" } },
  Done: { name: "Done", statusCategory: { key: "done", name: "Done" } },
};

/** Plain text of an ADF document: text nodes joined, one line per block. */
function adfText(node: AdfNode | null | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.text ?? "";
  const parts = (node.content ?? []).map(adfText);
  const block = ["doc", "bulletList", "orderedList", "listItem"].includes(node.type);
  return block ? parts.filter((p) => p !== "").join("\n") : parts.join("");
}

/** Jira's error body. */
const errorBody = (messages: string[], errors: Record<string, string> = {}) => ({ errorMessages: messages, errors });

type Predicate = (issue: StubIssue) => boolean;

/** Splits a JQL value list or token: strips quotes. */
const unquote = (s: string) => s.trim().replace(/^"(.*)"$/, "$1");

/** The value of a JQL field name on an issue, or undefined when the field is unknown. */
function fieldValue(issue: StubIssue, field: string): unknown {
  const f = unquote(field).toLowerCase();
  const cf = /^cf\[(\d+)\]$/.exec(f);
  if (cf) return issue.fields[`customfield_${cf[1]}`] ?? null;
  const named = FIELDS.find((x) => x.custom && x.name.toLowerCase() === f);
  if (named) return issue.fields[named.id] ?? null;
  switch (f) {
    case "project":
      return [issue.fields.project.key.toLowerCase(), issue.fields.project.id];
    case "key":
    case "issuekey":
      return [issue.key.toLowerCase(), issue.id];
    case "issuetype":
    case "type":
      return [issue.fields.issuetype.name.toLowerCase(), issue.fields.issuetype.id];
    case "status":
      return [issue.fields.status.name.toLowerCase()];
    case "statuscategory":
      return [issue.fields.status.statusCategory.key, issue.fields.status.statusCategory.name.toLowerCase()];
    default:
      return undefined;
  }
}

/** Compiles the JQL subset described at the top of the file; throws Error with Jira's wording. */
function compileJql(jql: string): { where: Predicate; order: "rank" | "created" } {
  const [wherePart = "", orderPart = ""] = jql.split(/\border\s+by\b/i);
  const order = /rank/i.test(orderPart) || orderPart.trim() === "" ? "rank" : "created";
  const clauses = wherePart.trim() === "" ? [] : wherePart.split(/\s+and\s+/i);
  const predicates = clauses.map((clause): Predicate => {
    const m = /^\s*("[^"]+"|[\w[\]]+)\s*(!=|=|\bnot in\b|\bin\b|\bis not\b|\bis\b)\s*(.+?)\s*$/i.exec(clause);
    if (!m) throw new Error(`Error in the JQL Query: Expecting operator but got '${clause.trim()}'.`);
    const [, field = "", rawOp = "", rawValue = ""] = m;
    const op = rawOp.toLowerCase();
    const probe: StubIssue = {
      id: "0",
      key: "X-0",
      rank: 0,
      fields: {
        summary: "",
        description: null,
        project: { id: "", key: "", name: "" },
        issuetype: { id: "", name: "" },
        status: STATUS["To Do"] as StubIssue["fields"]["status"],
      },
    };
    if (fieldValue(probe, field) === undefined) {
      throw new Error(`Field '${unquote(field)}' does not exist or you do not have permission to view it.`);
    }
    if (op === "is" || op === "is not") {
      if (!/^(empty|null)$/i.test(rawValue)) throw new Error(`Error in the JQL Query: '${rawValue}' is not EMPTY.`);
      return (issue) => {
        const v = fieldValue(issue, field);
        const empty = v === null || v === undefined || v === "";
        return op === "is" ? empty : !empty;
      };
    }
    const values =
      op === "in" || op === "not in"
        ? rawValue
            .replace(/^\(|\)$/g, "")
            .split(",")
            .map((v) => unquote(v).toLowerCase())
        : [unquote(rawValue).toLowerCase()];
    return (issue) => {
      const v = fieldValue(issue, field);
      const have = Array.isArray(v) ? v.map(String) : [String(v).toLowerCase()];
      const hit = values.some((x) => have.includes(x));
      return op === "=" || op === "in" ? hit : !hit;
    };
  });
  return { where: (issue) => predicates.every((p) => p(issue)), order };
}

/** Starts the stub on 127.0.0.1 (port 0: a random one) with the default projects and account. */
export async function startJiraStub(opts: { port?: number } = {}): Promise<JiraStub> {
  const sockets = new Set<Socket>();
  let rateLimited = 0;
  let retryAfter = 1;
  let failedEdits = 0;
  let failedEditMessage = "";
  let nextId = 10100;
  const counters = new Map<string, number>();
  const rawAnswers = new Map<string, RawAnswer>();

  const stub: JiraStub = {
    baseUrl: "",
    calls: [],
    projects: DEFAULT_PROJECTS.map((p) => ({ ...p, issueTypes: [...p.issueTypes] })),
    issues: new Map(),
    failCreatesWith: null,
    accounts: new Map([[JIRA_TEST.email, JIRA_TEST.apiToken]]),
    addIssue({ project, summary, description = null, issueType = "Story", status = "To Do", fields = {} }) {
      const p = stub.projects.find((x) => x.key === project || x.id === project);
      if (!p) throw new Error(`no project ${project}`);
      const type = p.issueTypes.find((t) => t.name === issueType) ?? p.issueTypes[0];
      if (!type) throw new Error(`project ${project} has no issue types`);
      const n = (counters.get(p.key) ?? 0) + 1;
      counters.set(p.key, n);
      const issue: StubIssue = {
        id: String(nextId++),
        key: `${p.key}-${n}`,
        rank: nextId,
        fields: {
          summary,
          description,
          project: { id: p.id, key: p.key, name: p.name },
          issuetype: { ...type },
          status: STATUS[status] as StubIssue["fields"]["status"],
          [STORY_POINT_ESTIMATE_FIELD]: null,
          ...fields,
        },
      };
      stub.issues.set(issue.key, issue);
      return issue;
    },
    rateLimitNext(count, retryAfterSeconds) {
      rateLimited = count;
      retryAfter = retryAfterSeconds;
    },
    failEditsNext(count, message = "Field cannot be set. It is not on the appropriate screen, or unknown.") {
      failedEdits = count;
      failedEditMessage = message;
    },
    answerRaw(method, path, answer) {
      rawAnswers.set(`${method.toUpperCase()} ${path}`, answer);
    },
    endlessBytesSent: 0,
    descriptionText(key) {
      return adfText(stub.issues.get(key)?.fields.description);
    },
    reset() {
      stub.calls.length = 0;
      stub.issues.clear();
      counters.clear();
      rateLimited = 0;
      failedEdits = 0;
      stub.failCreatesWith = null;
      rawAnswers.clear();
      stub.endlessBytesSent = 0;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  const issueJson = (issue: StubIssue, fields?: string[]) => {
    const base = { id: issue.id, key: issue.key, self: `${stub.baseUrl}/rest/api/3/issue/${issue.id}` };
    if (!fields) return { ...base, fields: issue.fields };
    if (fields.length === 0) return { id: issue.id };
    const all = fields.includes("*all");
    const picked = Object.fromEntries(
      Object.entries(issue.fields).filter(([k]) => all || fields.includes(k)),
    ) as Record<string, unknown>;
    return { expand: "", ...base, fields: picked };
  };

  const findIssue = (idOrKey: string) =>
    stub.issues.get(idOrKey.toUpperCase()) ?? [...stub.issues.values()].find((i) => i.id === idOrKey);

  const route = (
    method: string,
    url: URL,
    body: unknown,
    account: string,
  ): { status: number; json?: unknown; headers?: Record<string, string> } => {
    const path = url.pathname;
    if (method === "GET" && path === "/rest/api/3/myself") {
      return {
        status: 200,
        json: {
          self: `${stub.baseUrl}/rest/api/3/user?accountId=${JIRA_TEST.accountId}`,
          accountId: JIRA_TEST.accountId,
          accountType: "atlassian",
          emailAddress: account,
          displayName: JIRA_TEST.displayName,
          active: true,
          timeZone: "Etc/UTC",
        },
      };
    }
    if (method === "GET" && (path === "/rest/api/3/project/search" || path === "/rest/api/3/project")) {
      const values = stub.projects.map((p) => ({
        self: `${stub.baseUrl}/rest/api/3/project/${p.id}`,
        id: p.id,
        key: p.key,
        name: p.name,
        projectTypeKey: "software",
        simplified: true,
        style: "next-gen",
      }));
      if (path === "/rest/api/3/project") return { status: 200, json: values };
      const startAt = Number(url.searchParams.get("startAt") ?? 0);
      const maxResults = Number(url.searchParams.get("maxResults") ?? 50);
      const page = values.slice(startAt, startAt + maxResults);
      return {
        status: 200,
        json: {
          self: `${stub.baseUrl}${path}${url.search}`,
          maxResults,
          startAt,
          total: values.length,
          isLast: startAt + page.length >= values.length,
          values: page,
        },
      };
    }
    if (method === "GET" && path === "/rest/api/3/field") return { status: 200, json: FIELDS };
    const createmeta = /^\/rest\/api\/3\/issue\/createmeta\/([^/]+)\/issuetypes$/.exec(path);
    if (method === "GET" && createmeta) {
      const ref = decodeURIComponent(createmeta[1] ?? "");
      const p = stub.projects.find((x) => x.key === ref || x.id === ref);
      if (!p) return { status: 404, json: errorBody([`No project could be found with key '${ref}'.`]) };
      const issueTypes = p.issueTypes.map((t) => ({ ...t, subtask: false, hierarchyLevel: 0 }));
      return { status: 200, json: { maxResults: 50, startAt: 0, total: issueTypes.length, issueTypes } };
    }
    if (method === "POST" && path === "/rest/api/3/issue") {
      const fields = (body as { fields?: Record<string, unknown> } | null)?.fields ?? {};
      const errors: Record<string, string> = {};
      const projectRef = fields.project as { key?: string; id?: string } | undefined;
      const p = stub.projects.find((x) => x.key === projectRef?.key || x.id === projectRef?.id);
      if (!p) errors.project = "valid project is required";
      const typeRef = fields.issuetype as { name?: string; id?: string } | undefined;
      const type = p?.issueTypes.find((t) => t.id === typeRef?.id || t.name === typeRef?.name);
      if (p && !type) errors.issuetype = "Specify a valid issue type";
      if (typeof fields.summary !== "string" || fields.summary.trim() === "") {
        errors.summary = "You must specify a summary of the issue.";
      } else if (fields.summary.length > 255) {
        errors.summary = "Summary must be less than 255 characters.";
      }
      if (stub.failCreatesWith && String(fields.summary).includes(stub.failCreatesWith)) {
        errors.summary = "Summary is not allowed by the project's validator.";
      }
      const description = fields.description as AdfNode | undefined;
      if (description !== undefined && (description?.type !== "doc" || description.version !== 1)) {
        errors.description = "Operation value must be an Atlassian Document.";
      }
      if (Object.keys(errors).length > 0 || !p || !type) return { status: 400, json: errorBody([], errors) };
      const { project: _p, issuetype: _t, summary, description: _d, ...custom } = fields;
      const issue = stub.addIssue({
        project: p.key,
        summary: String(summary),
        description: description ?? null,
        issueType: type.name,
        fields: custom,
      });
      return {
        status: 201,
        json: { id: issue.id, key: issue.key, self: `${stub.baseUrl}/rest/api/3/issue/${issue.id}` },
      };
    }
    const issuePath = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
    if (issuePath && (method === "GET" || method === "PUT")) {
      const issue = findIssue(decodeURIComponent(issuePath[1] ?? ""));
      if (!issue)
        return { status: 404, json: errorBody(["Issue does not exist or you do not have permission to see it."]) };
      if (method === "GET") {
        const fields = url.searchParams.get("fields");
        return { status: 200, json: issueJson(issue, fields ? fields.split(",") : undefined) };
      }
      const fields = (body as { fields?: Record<string, unknown> } | null)?.fields ?? {};
      if (failedEdits > 0) {
        failedEdits--;
        const first = Object.keys(fields)[0] ?? "fields";
        return { status: 400, json: errorBody([], { [first]: failedEditMessage }) };
      }
      const errors: Record<string, string> = {};
      for (const [name, value] of Object.entries(fields)) {
        const def = FIELDS.find((f) => f.id === name);
        if (!def) errors[name] = `Field '${name}' cannot be set. It is not on the appropriate screen, or unknown.`;
        else if (def.schema.type === "number" && value !== null && typeof value !== "number") {
          errors[name] = "Number value expected as the Story point estimate.";
        }
      }
      if (Object.keys(errors).length > 0) return { status: 400, json: errorBody([], errors) };
      Object.assign(issue.fields, fields);
      return { status: 204 };
    }
    if (method === "POST" && (path === "/rest/api/3/search/jql" || path === "/rest/api/3/search/approximate-count")) {
      const req = (body ?? {}) as { jql?: string; fields?: string[]; maxResults?: number; nextPageToken?: string };
      let compiled: ReturnType<typeof compileJql>;
      try {
        compiled = compileJql(req.jql ?? "");
      } catch (error) {
        return { status: 400, json: errorBody([(error as Error).message]) };
      }
      const matching = [...stub.issues.values()]
        .filter(compiled.where)
        .sort((a, b) => (compiled.order === "rank" ? a.rank - b.rank : Number(b.id) - Number(a.id)));
      if (path.endsWith("approximate-count")) return { status: 200, json: { count: matching.length } };
      const start = Number(req.nextPageToken ?? 0);
      const max = Math.min(req.maxResults ?? 50, 5000);
      const page = matching.slice(start, start + max);
      const more = start + page.length < matching.length;
      return {
        status: 200,
        json: {
          issues: page.map((i) => issueJson(i, req.fields ?? [])),
          isLast: !more,
          ...(more ? { nextPageToken: String(start + page.length) } : {}),
        },
      };
    }
    return { status: 404, json: errorBody(["Not found"]) };
  };

  /** Writes a raw answer; an endless one goes on, as fast as the client reads, until it hangs up. */
  const sendRaw = (res: http.ServerResponse, answer: RawAnswer) => {
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    const { endless } = answer;
    if (endless === undefined) {
      res.end(answer.body);
      return;
    }
    res.write(answer.body);
    const chunk = Buffer.from(endless.repeat(Math.max(1, Math.ceil(65_536 / Math.max(1, endless.length)))));
    const pump = () => {
      while (!res.destroyed) {
        stub.endlessBytesSent += chunk.length;
        if (!res.write(chunk)) return;
      }
    };
    res.on("drain", pump);
    pump();
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, json === undefined ? headers : { "content-type": "application/json", ...headers });
        res.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (req.method === "GET" && url.pathname === "/__stub/state") {
        send(200, { issues: Object.fromEntries(stub.issues), projects: stub.projects });
        return;
      }
      let body: unknown = null;
      if (raw !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          send(400, errorBody(["Unexpected character in the JSON body."]));
          return;
        }
      }
      stub.calls.push({
        method: req.method ?? "GET",
        path: req.url ?? "/",
        authorization: req.headers.authorization,
        body,
      });
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      const [email = "", ...rest] = auth
        ? Buffer.from(auth[1] ?? "", "base64")
            .toString("utf8")
            .split(":")
        : [];
      if (!auth || stub.accounts.get(email) !== rest.join(":")) {
        // Jira Cloud answers an unknown e-mail or a revoked token with a 401 and this text.
        send(401, errorBody(["Client must be authenticated to access this resource."]), {
          "www-authenticate": 'Basic realm="protected-by-api-token"',
        });
        return;
      }
      if (rateLimited > 0) {
        rateLimited--;
        send(429, errorBody(["Rate limit exceeded."]), { "retry-after": String(retryAfter) });
        return;
      }
      const scripted = rawAnswers.get(`${req.method ?? "GET"} ${url.pathname}`);
      if (scripted) {
        sendRaw(res, scripted);
        return;
      }
      const out = route(req.method ?? "GET", url, body, email);
      send(out.status, out.json, out.headers);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  stub.baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return stub;
}
