import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANY_CALLER } from "../../auth/callerGate";
import { CSRF_FIELD, csrfTokens, currentCsrfToken } from "../../auth/csrf";
import { isOwnOrigin } from "../../auth/origins";
import { SESSION_COOKIE } from "../../auth/sessionStore";
import type { AppContext } from "../../context";

/** Sec-Fetch-Site values of a request the app itself (or the person, typing the URL) made. */
const SAME_ORIGIN_SITES = new Set(["same-origin", "none"]);

/**
 * Whether a GET came from our own pages or the address bar: `Sec-Fetch-Site` same-origin or
 * none; a browser without that header must show an `Origin` or `Referer` of our own. Anything
 * else, including no header at all, may be a cross-site navigation.
 */
function isSameOrigin(request: FastifyRequest, ctx: AppContext): boolean {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return SAME_ORIGIN_SITES.has(site);
  const source = request.headers.origin ?? request.headers.referer;
  return source !== undefined && isOwnOrigin(source, ctx.config, request.headers.host);
}

/** The "Sign out?" page: a plain form (no script, so it works under the CSP) posting the CSRF token. */
const confirmPage = (token: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out? · Pointwise</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}
form{text-align:center}button{font:inherit;padding:.5em 1.25em;margin-right:1em}</style>
</head>
<body>
<form method="post" action="/api/logout">
<h1>Sign out?</h1>
<p>Do you want to sign out of Pointwise?</p>
<input type="hidden" name="${CSRF_FIELD}" value="${token}">
<button type="submit">Sign out</button><a href="/">Cancel</a>
</form>
</body>
</html>
`;

/** Ends the sign-in session (if any) and clears its cookie. */
async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session.userId) await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/**
 * Sign-out. `GET /api/logout` (spec part 1 section 7: a 302 counts as success) signs out only a
 * same-origin request (`isSameOrigin`); a cross-site one, which any page could trigger with a
 * link or an image, gets a small "Sign out?" page instead (issue #7). `POST /api/logout` signs
 * out and redirects (303) to `/`; it takes the CSRF token from the header or, from that page's
 * form, the `_csrf` field.
 */
export const logoutRoutes = (ctx: AppContext, opts: { secure: boolean }) => async (app: FastifyInstance) => {
  const tokens = csrfTokens(ctx.config.sessionSecret);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get("/api/logout", { schema: { hide: true } }, async (request, reply) => {
    if (isSameOrigin(request, ctx)) {
      await signOut(request, reply);
      return reply.redirect("/");
    }
    const token = currentCsrfToken(tokens, request, reply, opts.secure);
    return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(confirmPage(token));
  });

  app.post("/api/logout", { config: ANY_CALLER, schema: { hide: true } }, async (request, reply) => {
    await signOut(request, reply);
    return reply.redirect("/", 303);
  });
};
