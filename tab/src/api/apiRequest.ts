import { ApiError } from "./ApiError";
import { csrfToken, refreshCsrfToken } from "./csrfToken";

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Options of one call: a JSON `body`, or `text` sent with its own `contentType` (CSV import). */
export interface RequestOptions {
  body?: unknown;
  text?: string;
  contentType?: string;
}

async function toApiError(response: Response): Promise<ApiError> {
  const raw = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  if (parsed && typeof parsed === "object") {
    const nested = parsed.error as { message?: string } | undefined;
    const message =
      (typeof nested?.message === "string" && nested.message) ||
      (typeof parsed.message === "string" && parsed.message) ||
      response.statusText;
    const code = typeof parsed.code === "string" ? parsed.code : "UNKNOWN_ERROR";
    return new ApiError(response.status, code, message, parsed);
  }
  if (response.status === 401) {
    return new ApiError(401, "UNAUTHORIZED", "Unauthorized - please sign in again");
  }
  return new ApiError(response.status, "UNKNOWN_ERROR", raw || response.statusText);
}

async function send(method: Method, path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: string | undefined;
  if (options.text !== undefined) {
    headers["Content-Type"] = options.contentType ?? "text/plain";
    body = options.text;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (token !== null) headers["X-CSRF-Token"] = token;
  try {
    return await fetch(path, { method, headers, body, credentials: "include" });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "Network connection error. Please check your internet connection.");
  }
}

/**
 * One call to the API (spec part 1 section 7, "Behaviour shared by all calls"): cookies always,
 * a CSRF header on writes, a JSON body when there is a payload, and one retry with a fresh
 * token after CSRF_VALIDATION_FAILED. Resolves to the parsed JSON (undefined for an empty body).
 * @throws ApiError on a non-2xx answer or a network failure
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const writes = method !== "GET";
  let response = await send(method, path, options, writes ? await csrfToken() : null);
  if (writes && response.status === 403) {
    const error = await toApiError(response.clone());
    if (error.code === "CSRF_VALIDATION_FAILED") {
      response = await send(method, path, options, await refreshCsrfToken());
    }
  }
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
