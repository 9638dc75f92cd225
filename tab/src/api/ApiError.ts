import type { ErrorBody } from "@pointwise/core/errors";

/**
 * A failed call: `status` is the HTTP status (0 for a network failure), `code` the body's
 * stable code (UNKNOWN_ERROR when the body has none, NETWORK_ERROR when nothing arrived).
 * Its `message` is the transport text "status: message" (spec part 1 section 8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string;
  readonly body: Partial<ErrorBody> & Record<string, unknown>;

  constructor(status: number, code: string, serverMessage: string, body: Record<string, unknown> = {}) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** True when `error` is an ApiError with the given code. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
