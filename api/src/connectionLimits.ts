import type { ServerOptions } from "node:http";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Config, TrustProxy } from "./config";
import { tooManyConnections } from "./errors";
import { SocketCounter } from "./realtime/socketCounter";
import { isUpgradeRequest } from "./realtime/socketOrigin";

/**
 * Fastify's server options for the HTTP time-outs (issue #23 section 5: slowloris connections,
 * partial bodies and idle connections were all still open after 5 minutes):
 * - `headersTimeout` (Node): the request head must be in within HTTP_HEADERS_TIMEOUT_MS of its
 *   first byte, and a new connection must send one that soon; then 408 and the connection closes;
 * - `requestTimeout` (Node): the whole request, body included, within HTTP_REQUEST_TIMEOUT_MS;
 * - `keepAliveTimeout` (Node): an idle keep-alive connection between requests (Node keeps it
 *   its `keepAliveTimeoutBuffer`, 1 s, longer than it announces);
 * - `connectionTimeout` (Fastify, the socket's inactivity time-out): no byte either way for
 *   HTTP_IDLE_TIMEOUT_MS, e.g. a client that stops reading its answer; longer than any answer
 *   takes to compute (PointBot: two calls of OPENAI_TIMEOUT_MS).
 * Node checks the first two every `connectionsCheckingInterval` (default 30 s): a quarter of the
 * shorter one here, between 50 ms and 1 s, so a slow client goes within that much of its limit.
 * None applies to an upgraded WebSocket: the upgrade takes the socket out of the HTTP server's
 * hands, and `ws` clears its inactivity time-out (its liveness is the app's ping, socketKeepalive).
 */
export function httpServerOptions(http: Config["http"]): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  const shorter = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  return {
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(shorter / 4))),
    },
  };
}

/** proxy-addr's names for address ranges (TRUST_PROXY accepts them), as CIDRs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** `::ffff:10.0.0.1` as `10.0.0.1`: a dual-stack socket's IPv4 peer. */
const plainAddress = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/**
 * Whether a TCP peer is a proxy whose X-Forwarded-For TRUST_PROXY believes: every peer for
 * `true` or a hop count of 1 or more (the proxy in front is whoever connects), the listed
 * addresses and CIDRs for a list, none for `false`.
 */
export function trustedProxyPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === true || (typeof trust === "number" && trust > 0)) return () => true;
  if (trust === false || typeof trust === "number") return () => false;
  const list = new BlockList();
  for (const entry of trust.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(plainAddress(address), family);
    else list.addSubnet(plainAddress(address), Number(prefix), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    return list.check(plain, isIP(plain) === 6 ? "ipv6" : "ipv4");
  };
}

/** The raw answer to a connection over the cap: nothing of the request has been read yet. */
function refusalBytes(): Buffer {
  const body = JSON.stringify(tooManyConnections().toBody());
  return Buffer.from(
    "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 1\r\n" +
      `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Caps what one address holds at once at HTTP_MAX_CONNECTIONS_PER_IP (issue #23 section 5: one
 * address held 1,000 slowloris connections):
 * - TCP connections per peer address, counted as they are accepted: one more gets a 429 and is
 *   closed before any of its bytes is read. Upgraded WebSockets count too (WS_MAX_SOCKETS_PER_IP
 *   caps them on their own). Not for a peer that is a trusted proxy (TRUST_PROXY): there every
 *   connection comes from the proxy, which carries all clients at once;
 * - so, by the client address Fastify derives (`request.ip`, X-Forwarded-For as TRUST_PROXY
 *   allows), requests in progress at once: one more answers 429 before its body is read, and
 *   its connection closes. A direct client reaches the first cap before this one; through a
 *   proxy, this one bounds the partial bodies a client can hold open. WebSocket upgrades are
 *   not counted here.
 * Register right after the app is created: the request hook must come first (a refused request
 * costs no session or database work).
 */
export function limitConnectionsPerAddress(app: FastifyInstance, config: Config): void {
  const max = config.http.maxConnectionsPerIp;
  const isTrustedProxy = trustedProxyPeer(config.trustProxy);
  const connections = new SocketCounter(max);
  const refusal = refusalBytes();
  /** Connections over the cap, closing: a request already on its way in gets no work done. */
  const refusedSockets = new WeakSet<object>();
  app.server.on("connection", (socket) => {
    const peer = plainAddress(socket.remoteAddress ?? "");
    if (isTrustedProxy(peer)) return;
    const release = connections.acquire(peer);
    if (release) {
      socket.once("close", release);
      return;
    }
    refusedSockets.add(socket);
    socket.end(refusal, () => socket.destroy());
  });
  const requests = new SocketCounter(max);
  app.addHook("onRequest", (request, reply, done) => {
    const refuse = () => {
      const refused = tooManyConnections();
      reply.code(refused.status).header("retry-after", "1").header("connection", "close").send(refused.toBody());
    };
    if (refusedSockets.has(request.raw.socket)) return refuse();
    if (isUpgradeRequest(request.raw)) return done();
    const release = requests.acquire(request.ip);
    if (!release) return refuse();
    reply.raw.once("close", release);
    done();
  });
}
