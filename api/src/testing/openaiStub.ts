import http from "node:http";
import type { Socket } from "node:net";

/** One Chat Completions request the engine sent. */
export interface OpenAiCall {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    max_completion_tokens?: number;
    [key: string]: unknown;
  };
}

/**
 * How the stub answers the next request: `content` (a 200 completion whose message content is
 * this text), `status` (an OpenAI-style error body with this HTTP status), `slow` (holds the
 * request this many milliseconds, then answers `content`), `refusal` (a 200 with a refusal).
 */
export type OpenAiReply =
  | { content: string; finishReason?: "stop" | "length" }
  | { status: number }
  | { slowMs: number; content: string }
  | { refusal: string };

/** A local server following the OpenAI Chat Completions API (`POST /v1/chat/completions`). */
export interface OpenAiStub {
  /** The base URL to give OPENAI_BASE_URL (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  calls: OpenAiCall[];
  /** Queues replies; when the queue is empty, `fallback` answers. */
  reply(...replies: OpenAiReply[]): void;
  /** Forgets the recorded calls and the queued replies. */
  reset(): void;
  /** The reply used when nothing is queued (default: an empty JSON object). */
  fallback: OpenAiReply;
  close(): Promise<void>;
}

/** A completion object as the Chat Completions API returns it. */
function completion(model: string, content: string | null, finishReason: string, refusal: string | null = null) {
  return {
    id: `chatcmpl-stub-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: "assistant", content, refusal }, logprobs: null, finish_reason: finishReason },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/**
 * The server settings that point the OpenAI-compatible engine at `stub`: a fake key, the model
 * `gpt-test-mini` and a 1 s timeout (so timeout tests, whose slow replies take 2 s, stay quick;
 * 300 ms let a loaded CI machine time out a prompt answer and retry it, one call more than the
 * tests count); `extra` is added on top.
 */
export function openAiStubEnv(stub: OpenAiStub, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OPENAI_API_KEY: "sk-test-key",
    OPENAI_BASE_URL: stub.baseUrl,
    OPENAI_MODEL: "gpt-test-mini",
    OPENAI_TIMEOUT_MS: "1000",
    ...extra,
  };
}

/**
 * Starts the stub on 127.0.0.1 (random port). It records every request (model, response_format,
 * messages, token cap) and answers from the reply queue. Any other route answers 404 like the API.
 */
export async function startOpenAiStub(): Promise<OpenAiStub> {
  const calls: OpenAiCall[] = [];
  const queue: OpenAiReply[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const stub: OpenAiStub = {
    baseUrl: "",
    calls,
    fallback: { content: "{}" },
    reply: (...replies) => void queue.push(...replies),
    reset: () => {
      calls.length = 0;
      queue.length = 0;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
        return;
      }
      const body = JSON.parse(raw || "{}") as OpenAiCall["body"];
      calls.push({ path, authorization: req.headers.authorization, body });
      const next = queue.shift() ?? stub.fallback;
      const model = body.model ?? "unknown";
      const send = (status: number, payload: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if ("status" in next) {
        send(next.status, { error: { message: `stub error ${next.status}`, type: "server_error", code: null } });
      } else if ("refusal" in next) {
        send(200, completion(model, null, "stop", next.refusal));
      } else if ("slowMs" in next) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(200, completion(model, next.content, "stop"));
        }, next.slowMs);
        timers.add(timer);
      } else {
        send(200, completion(model, next.content, next.finishReason ?? "stop"));
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  stub.baseUrl = `http://127.0.0.1:${port}/v1`;
  return stub;
}
