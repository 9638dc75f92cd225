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
 * Issues and checks CSRF tokens signed with `secret`: `random.hmac(random)`, base64url.
 * `valid` compares in constant time.
 */
export function csrfTokens(secret: string): { issue(): string; valid(token: string | undefined): token is string } {
  const sign = (nonce: string) => createHmac("sha256", secret).update(nonce).digest("base64url");
  return {
    issue() {
      const nonce = randomBytes(18).toString("base64url");
      return `${nonce}.${sign(nonce)}`;
    },
    valid(token: string | undefined): token is string {
      if (!token) return false;
      const [nonce, mac] = token.split(".");
      if (!nonce || !mac) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
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
 * the token is `random.hmac(random)` under the server secret, kept in a cookie the page can read
 * and echoed in `X-CSRF-Token` on every unsafe request. Also accepted, because a cross-site
 * page can neither forge them nor ride on an ambient credential with them:
 * - a bearer token (Teams SSO; the bearer hook rejects a bad one with 401) or a participant
 *   token header (a guest's credential, which the browser never attaches by itself), but only
 *   when nothing ambient authenticates the request too: no signed-in session and no `pt_`
 *   cookie (issue #7: a stray `X-Participant-Token` let a cookie-authenticated DELETE through);
 * - a request with no cookies at all and a validly signed `X-CSRF-Token`: with no cookie there
 *   is no ambient credential to abuse, and a custom header cannot be sent cross-site without a
 *   CORS preflight, which this server never grants (Teams iframes, where third-party cookies
 *   are not sent, rely on this);
 * - for an HTML form post (`application/x-www-form-urlencoded`, no header), the token in the
 *   `_csrf` field, checked once the body is parsed (only routes that register a form parser
 *   get that far; elsewhere the body is a 415). The "Sign out?" page posts this way.
 */
export const csrfProtection = fp(async (app: FastifyInstance, opts: { secret: string; secure: boolean }) => {
  const { issue, valid } = csrfTokens(opts.secret);
  /** Form posts whose token is read from the body, in preValidation. */
  const formPosts = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (!valid(cookieToken) && request.url.startsWith("/api/")) setCsrfCookie(reply, issue(), opts.secure);
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
    const cookieOk = valid(cookieToken) && headerToken === cookieToken;
    const cookielessOk = !request.headers.cookie && valid(headerToken);
    if (!cookieOk && !cookielessOk) throw csrfFailed();
  });
  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (!formPosts.has(request)) return;
    const field = (request.body as Record<string, unknown> | null | undefined)?.[CSRF_FIELD];
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (!valid(cookieToken) || field !== cookieToken) throw csrfFailed();
  });
});
