import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./httpBody";

/** A person at the stand-in GitHub or X: the user object and (GitHub) the e-mail list. */
export interface OAuth2Person {
  id: number | string;
  login: string;
  name: string | null;
  avatarUrl: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/** The stand-in's endpoints, as AUTH_<P>_AUTHORIZE_URL, _TOKEN_URL and _USERINFO_URL. */
export interface OAuth2Stub {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Who approves at the next authorization, or `cancel` (the person denies: access_denied). */
  next: OAuth2Person | "cancel";
  close(): Promise<void>;
}

/**
 * A small OAuth 2.0 authorization server following GitHub's (`/login/oauth/authorize`,
 * `/login/oauth/access_token` with client_secret_post, `GET /user`, `GET /user/emails`) or X's
 * (`/i/oauth2/authorize`, `/2/oauth2/token` with HTTP Basic client authentication,
 * `GET /2/users/me` answering `{data: {id, name, username, profile_image_url}}`) endpoints.
 * The authorize endpoint approves at once as `next`; the token endpoint checks the client, the
 * code (single use), the redirect URI and the PKCE S256 verifier, answering `invalid_grant` else.
 */
export async function startOAuth2Stub(
  flavour: "github" | "twitter",
  client: { clientId: string; clientSecret: string },
): Promise<OAuth2Stub> {
  const paths =
    flavour === "github"
      ? { authorize: "/login/oauth/authorize", token: "/login/oauth/access_token", user: "/user" }
      : { authorize: "/i/oauth2/authorize", token: "/2/oauth2/token", user: "/2/users/me" };
  const codes = new Map<string, { person: OAuth2Person; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, OAuth2Person>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    if (url.pathname === paths.authorize) {
      const redirect = new URL(url.searchParams.get("redirect_uri") ?? "");
      redirect.searchParams.set("state", url.searchParams.get("state") ?? "");
      if (stub.next === "cancel" || url.searchParams.get("client_id") !== client.clientId) {
        redirect.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(12).toString("hex");
        codes.set(code, {
          person: stub.next,
          challenge: url.searchParams.get("code_challenge") ?? "",
          redirectUri: url.searchParams.get("redirect_uri") ?? "",
        });
        redirect.searchParams.set("code", code);
      }
      res.writeHead(302, { location: redirect.toString() });
      res.end();
      return;
    }
    if (url.pathname === paths.token && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      let id = form.get("client_id");
      let secret = form.get("client_secret");
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      if (basic) {
        const [user = "", pass = ""] = Buffer.from(basic, "base64").toString().split(":");
        id = decodeURIComponent(user);
        secret = decodeURIComponent(pass);
      }
      if (flavour === "twitter" && !basic) return json(res, 401, { error: "invalid_client" });
      if (id !== client.clientId || secret !== client.clientSecret) return json(res, 401, { error: "invalid_client" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get("redirect_uri")) {
        return json(res, 400, { error: "invalid_grant" });
      }
      const token = randomBytes(16).toString("hex");
      tokens.set(token, grant.person);
      return json(res, 200, { access_token: token, token_type: "bearer", scope: form.get("scope") ?? "" });
    }
    const person = tokens.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
    if (!person) return json(res, 401, { message: "Bad credentials" });
    if (flavour === "github" && url.pathname === "/user") {
      return json(res, 200, { id: person.id, login: person.login, name: person.name, avatar_url: person.avatarUrl });
    }
    if (flavour === "github" && url.pathname === "/user/emails") return json(res, 200, person.emails);
    if (flavour === "twitter" && url.pathname === paths.user) {
      return json(res, 200, {
        data: { id: String(person.id), name: person.name, username: person.login, profile_image_url: person.avatarUrl },
      });
    }
    json(res, 404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stub: OAuth2Stub = {
    authorizeUrl: base + paths.authorize,
    tokenUrl: base + paths.token,
    userinfoUrl: base + paths.user,
    next: "cancel",
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
  return stub;
}
