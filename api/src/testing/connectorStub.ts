import http from "node:http";

/** One call the bot made to the Bot Connector. */
export interface ConnectorCall {
  method: string;
  /** Decoded path, e.g. `/v3/conversations/19:abc@thread.tacv2/activities/1`. */
  path: string;
  body: Record<string, unknown>;
}

/** A local Bot Connector (REST API v3) that records what the bot sends. */
export interface ConnectorStub {
  serviceUrl: string;
  calls: ConnectorCall[];
  /** Resolves with the first recorded call (from the cursor on) that matches. */
  next(predicate: (call: ConnectorCall) => boolean, timeoutMs?: number): Promise<ConnectorCall>;
  close(): Promise<void>;
}

/**
 * Answers the Bot Connector routes the Agents SDK uses (Bot Framework REST API v3):
 * `POST /v3/conversations/{id}/activities[/{replyToId}]` -> `{id}` and
 * `PUT /v3/conversations/{id}/activities/{activityId}` -> `{id}`; anything else 404.
 */
export async function startConnectorStub(): Promise<ConnectorStub> {
  const calls: ConnectorCall[] = [];
  const waiters: (() => void)[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const rawPath = (req.url ?? "").split("?")[0] ?? "";
      // A conversation id may hold anything (the fuzz test sends lone surrogates): keep it raw then.
      let path = rawPath;
      try {
        path = decodeURIComponent(rawPath);
      } catch {
        /* not UTF-8 once decoded */
      }
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method: req.method ?? "", path, body });
      for (const w of waiters.splice(0)) w();
      const match = /^\/v3\/conversations\/[^/]+\/activities(\/[^/]+)?$/.test(path);
      if (!match || (req.method !== "POST" && req.method !== "PUT")) {
        res.writeHead(404).end();
        return;
      }
      const id = req.method === "PUT" ? path.split("/").pop() : `activity-${++counter}`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let cursor = 0;
  return {
    serviceUrl: `http://127.0.0.1:${port}/`,
    calls,
    next(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("timed out waiting for a connector call")), timeoutMs);
        const check = () => {
          for (let i = cursor; i < calls.length; i++) {
            const call = calls[i] as ConnectorCall;
            if (predicate(call)) {
              cursor = i + 1;
              clearTimeout(timer);
              resolve(call);
              return;
            }
          }
          waiters.push(check);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
