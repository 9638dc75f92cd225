import { ApiError } from "./ApiError";
import { csrfToken, refreshCsrfToken } from "./csrfToken";
import { refreshTeamsBearerToken, teamsBearerToken, teamsParticipantToken } from "./teamsCredentials";

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

/** What authenticates one call: the CSRF token (cookie sign-in) and/or a Teams SSO bearer token. */
interface Credentials {
  csrf: string | null;
  bearer: string | null;
}

async function send(method: Method, path: string, options: RequestOptions, auth: Credentials): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: string | undefined;
  if (options.text !== undefined) {
    headers["Content-Type"] = options.contentType ?? "text/plain";
    body = options.text;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (auth.csrf !== null) headers["X-CSRF-Token"] = auth.csrf;
  if (auth.bearer !== null) headers.Authorization = `Bearer ${auth.bearer}`;
  const participant = teamsParticipantToken();
  if (participant !== null) headers["X-Participant-Token"] = participant;
  try {
    return await fetch(path, { method, headers, body, credentials: "include" });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "Network connection error. Please check your internet connection.");
  }
}

/**
 * One call to the API (spec part 1 section 7, "Behaviour shared by all calls"): cookies always,
 * a CSRF header on writes, a JSON body when there is a payload, and one retry with a fresh
 * token after CSRF_VALIDATION_FAILED. Inside Teams the SSO token goes along as
 * `Authorization: Bearer` (writes then need no CSRF header) and a 401 is retried once with a
 * fresh token from Teams. Resolves to the parsed JSON (undefined for an empty body).
 * @throws ApiError on a non-2xx answer or a network failure
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const writes = method !== "GET";
  const bearer = await teamsBearerToken();
  const csrf = writes && bearer === null ? await csrfToken() : null;
  let response = await send(method, path, options, { csrf, bearer });
  if (writes && bearer === null && response.status === 403) {
    const error = await toApiError(response.clone());
    if (error.code === "CSRF_VALIDATION_FAILED") {
      response = await send(method, path, options, { csrf: await refreshCsrfToken(), bearer });
    }
  }
  if (bearer !== null && response.status === 401) {
    const fresh = await refreshTeamsBearerToken();
    if (fresh !== null) response = await send(method, path, options, { csrf, bearer: fresh });
  }
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
