import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { csrfFailed } from "../errors";
import { isParticipantCookie, PARTICIPANT_HEADER } from "./participantTokens";

/** Cookie and header names of spec part 1 section 7. */
export const CSRF_COOKIE = "csrf-token";
/** The header a client copies the cookie value into. */
export const CSRF_HEADER = "x-csrf-token";
/** The form field a plain HTML form (no script) carries the token in instead of the header. */
export const CSRF_FIELD = "_csrf";
const FORM_TYPE = "application/x-www-form-urlencoded";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that authenticate by other means than cookies: the Bot Framework's JWT, the Stripe-Signature of the billing webhook. */
const EXEMPT = [/^\/api\/messages$/, /^\/api\/subscription\/webhook$/];

/**
 * What a CSRF token is bound to (issue #23 section 7): the sign-in session's id for a request
 * with a signed-in user, else null (nobody, or a guest with a participant cookie). A token
 * issued for one sign-in session is worth nothing in another, so a token an attacker holds
 * (their own, or an anonymous one) does not pass with a victim's session cookie, even when the
 * attacker can set the victim's `csrf-token` cookie (a sibling subdomain, a man in the middle
 * on plain http).
 */
export function csrfBinding(request: FastifyRequest): string | null {
  return request.session?.userId ? request.session.sessionId : null;
}

/** Issues and checks CSRF tokens for a binding (csrfBinding); `valid` compares in constant time. */
export interface CsrfTokens {
  issue(binding: string | null): string;
  valid(token: string | undefined, binding: string | null): token is string;
}

/**
 * CSRF tokens signed with `secret` (OWASP "Signed Double-Submit Cookie", session-bound):
 * `random.hmac`, base64url, where the HMAC covers the random value and the binding, i.e.
 * `session:<sid>:<random>` for a signed-in request and `anonymous:<random>` otherwise.
 */
export function csrfTokens(secret: string): CsrfTokens {
  const sign = (nonce: string, binding: string | null) =>
    createHmac("sha256", secret)
      .update(binding === null ? `anonymous:${nonce}` : `session:${binding}:${nonce}`)
      .digest("base64url");
  return {
    issue(binding) {
      const nonce = randomBytes(18).toString("base64url");
      return `${nonce}.${sign(nonce, binding)}`;
    },
    valid(token, binding): token is string {
      if (!token) return false;
      const [nonce, mac, extra] = token.split(".");
      if (!nonce || !mac || extra !== undefined) return false;
      const expected = Buffer.from(sign(nonce, binding));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/**
 * The request's CSRF token: its `csrf-token` cookie when valid for the request's binding, else
 * a new one, (re)set as the cookie (GET /api/csrf-token, the "Sign out?" page).
 */
export function currentCsrfToken(
  tokens: CsrfTokens,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const binding = csrfBinding(request);
  const current = request.cookies[CSRF_COOKIE];
  if (tokens.valid(current, binding)) return current;
  const token = tokens.issue(binding);
  setCsrfCookie(reply, token, secure);
  return token;
}

/**
 * Whether the browser's own credentials authenticate the request, which a cross-site page can
 * make it send: a session with a signed-in user, or a guest's `pt_<sessionId>` cookie.
 */
function hasAmbientCredential(request: FastifyRequest): boolean {
  return Boolean(request.session?.userId) || Object.keys(request.cookies).some(isParticipantCookie);
}

/** Sets the `csrf-token` cookie the page reads (not httpOnly: the page copies it into the header). */
export const setCsrfCookie = (reply: FastifyReply, token: string, secure: boolean): FastifyReply =>
  reply.setCookie(CSRF_COOKIE, token, { path: "/", sameSite: "lax", secure, httpOnly: false });

/**
 * Signed double-submit CSRF protection (OWASP CSRF cheat sheet, "Signed Double-Submit Cookie"):
 * the token is `random.hmac` under the server secret, bound to the sign-in session
 * (csrfBinding; issue #23 section 7), kept in a cookie the page can read and echoed in
 * `X-CSRF-Token` on every unsafe request. A signed-in request needs a token of its own session;
 * guests and signed-out callers use anonymous tokens. When a request changes the binding (sign-in
 * and registration start a new session id, sign-out ends it), its answer sets a fresh token for
 * the new one, so the page's next write carries a token that passes. Also accepted, because a
 * cross-site page can neither forge them nor ride on an ambient credential with them:
 * - a bearer token (Teams SSO; the bearer hook rejects a bad one with 401) or a participant
 *   token header (a guest's credential, which the browser never attaches by itself), but only
 *   when nothing ambient authenticates the request too: no signed-in session and no `pt_`
 *   cookie (issue #7: a stray `X-Participant-Token` let a cookie-authenticated DELETE through);
 * - a request with no cookies at all and a validly signed anonymous `X-CSRF-Token`: with no
 *   cookie there is no ambient credential to abuse, and a custom header cannot be sent
 *   cross-site without a CORS preflight, which this server never grants (Teams iframes, where
 *   third-party cookies are not sent, rely on this);
 * - for an HTML form post (`application/x-www-form-urlencoded`, no header), the token in the
 *   `_csrf` field, checked once the body is parsed (only routes that register a form parser
 *   get that far; elsewhere the body is a 415). The "Sign out?" page posts this way.
 */
export const csrfProtection = fp(async (app: FastifyInstance, opts: { secret: string; secure: boolean }) => {
  const tokens = csrfTokens(opts.secret);
  const { issue, valid } = tokens;
  /** Form posts whose token is read from the body, in preValidation. */
  const formPosts = new WeakSet<FastifyRequest>();
  /** The binding each API request started with, to tell in onSend whether it changed. */
  const bindingAtStart = new WeakMap<FastifyRequest, string | null>();
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const cookieToken = request.cookies[CSRF_COOKIE];
    const binding = csrfBinding(request);
    const api = request.url.startsWith("/api/");
    if (api) bindingAtStart.set(request, binding);
    if (SAFE_METHODS.has(request.method)) {
      if (api && !valid(cookieToken, binding)) setCsrfCookie(reply, issue(binding), opts.secure);
      return;
    }
    const path = request.url.split("?")[0] ?? "";
    if (EXEMPT.some((re) => re.test(path))) return;
    const headerCredential =
      request.headers.authorization?.startsWith("Bearer ") || request.headers[PARTICIPANT_HEADER];
    if (headerCredential && !hasAmbientCredential(request)) return;
    const header = request.headers[CSRF_HEADER];
    const headerToken = Array.isArray(header) ? header[0] : header;
    if (headerToken === undefined && request.headers["content-type"]?.split(";")[0]?.trim() === FORM_TYPE) {
      formPosts.add(request);
      return;
    }
    const cookieOk = valid(cookieToken, binding) && headerToken === cookieToken;
    const cookielessOk = !request.headers.cookie && valid(headerToken, null);
    if (!cookieOk && !cookielessOk) throw csrfFailed();
  });
  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (!formPosts.has(request)) return;
    const field = (request.body as Record<string, unknown> | null | undefined)?.[CSRF_FIELD];
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (!valid(cookieToken, csrfBinding(request)) || field !== cookieToken) throw csrfFailed();
  });
  // Sign-in, registration, sign-out: the session id changed under this request, so the token
  // bound to the old one (or the anonymous one) is replaced in the same answer.
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!bindingAtStart.has(request)) return;
    const binding = csrfBinding(request);
    if (binding === bindingAtStart.get(request)) return;
    if (!valid(request.cookies[CSRF_COOKIE], binding)) setCsrfCookie(reply, issue(binding), opts.secure);
  });
});
