import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import Stripe from "stripe";

/** One API request the SDK sent: method, path and the form-encoded parameters as sent (`items[0][price]`). */
export interface StripeCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  params: Record<string, string>;
}

/** A subscription as the stub keeps it (Stripe's object, the fields we read). */
export interface StubSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  created: number;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

/** The test mode secrets and prices the stub's server settings use. */
export const STRIPE_TEST = {
  secretKey: "sk_test_pointwise",
  webhookSecret: "whsec_pointwise_test",
  priceBasic: "price_basic_monthly",
  pricePro: "price_pro_monthly",
} as const;

/**
 * A local server following the parts of Stripe's API (`stripe/openapi` spec3) the billing code
 * calls: `POST /v1/customers`, `POST /v1/checkout/sessions`, `POST /v1/billing_portal/sessions`,
 * `GET` and `POST /v1/subscriptions/{id}`. Bodies are form-encoded as Stripe's; answers are
 * Stripe's objects; an unknown subscription is Stripe's 404 `resource_missing`; any other route
 * is a 404 too.
 */
export interface StripeStub {
  /** STRIPE_API_BASE for the server (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  calls: StripeCall[];
  customers: Map<string, { id: string; email?: string; metadata: Record<string, string> }>;
  subscriptions: Map<string, StubSubscription>;
  /** Creates a subscription as a completed Checkout would (status active unless given). */
  addSubscription(opts: {
    customer: string;
    price: string;
    status?: Stripe.Subscription.Status;
    periodEnd?: number;
  }): StubSubscription;
  /**
   * A webhook delivery of `type` about `object`: the JSON payload and its `Stripe-Signature`,
   * signed by the SDK's own `webhooks.generateTestHeaderString` (with `secret`, default the
   * test secret). `created` is the event's time in seconds.
   */
  event(
    type: string,
    object: unknown,
    opts?: { id?: string; created?: number; secret?: string },
  ): { id: string; payload: string; signature: string };
  /** The next `count` calls answer Stripe's 500 `api_error` (the SDK retries once). */
  failNext(count: number): void;
  reset(): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

/** The server settings pointing the SDK at `stub`, with the test key, webhook secret and prices. */
export function stripeStubEnv(stub: StripeStub): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STRIPE_TEST.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST.webhookSecret,
    STRIPE_PRICE_BASIC: STRIPE_TEST.priceBasic,
    STRIPE_PRICE_PRO: STRIPE_TEST.pricePro,
    STRIPE_API_BASE: stub.baseUrl,
  };
}

/** Starts the stub on 127.0.0.1 (random port); it records every call in `calls`. */
export async function startStripeStub(): Promise<StripeStub> {
  const sockets = new Set<Socket>();
  let failures = 0;
  const signer = new Stripe(STRIPE_TEST.secretKey);
  const stub: StripeStub = {
    baseUrl: "",
    calls: [],
    customers: new Map(),
    subscriptions: new Map(),
    addSubscription({ customer, price, status = "active", periodEnd = nowSeconds() + MONTH }) {
      const subscription: StubSubscription = {
        id: newId("sub"),
        object: "subscription",
        customer,
        status,
        cancel_at_period_end: false,
        created: nowSeconds(),
        metadata: {},
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              price: { id: price, object: "price" },
              quantity: 1,
              current_period_start: periodEnd - MONTH,
              current_period_end: periodEnd,
            },
          ],
        },
      };
      stub.subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    event(type, object, opts = {}) {
      const id = opts.id ?? newId("evt");
      const payload = JSON.stringify({
        id,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: opts.created ?? nowSeconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STRIPE_TEST.webhookSecret,
      });
      return { id, payload, signature };
    },
    failNext(count) {
      failures = count;
    },
    reset() {
      failures = 0;
      stub.calls.length = 0;
      stub.customers.clear();
      stub.subscriptions.clear();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const notFound = (message: string, param?: string) => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message, ...(param ? { param } : {}) } },
  });

  /** Stripe's answer to one call. */
  const answer = (method: string, path: string, params: Record<string, string>): { status: number; body: unknown } => {
    if (method === "POST" && path === "/v1/customers") {
      const metadata = Object.fromEntries(
        Object.entries(params)
          .filter(([k]) => k.startsWith("metadata["))
          .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
      );
      const customer = { id: newId("cus"), object: "customer", email: params.email, name: params.name, metadata };
      stub.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (params.customer && !stub.customers.has(params.customer)) return notFound("No such customer", "customer");
      const id = newId("cs_test");
      return {
        status: 200,
        body: {
          id,
          object: "checkout.session",
          mode: params.mode,
          customer: params.customer ?? null,
          client_reference_id: params.client_reference_id ?? null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          status: "open",
          subscription: null,
          url: `${stub.baseUrl}/checkout/${id}`,
        },
      };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!params.customer || !stub.customers.has(params.customer)) return notFound("No such customer", "customer");
      const id = newId("bps");
      return {
        status: 200,
        body: {
          id,
          object: "billing_portal.session",
          customer: params.customer,
          return_url: params.return_url,
          url: `${stub.baseUrl}/portal/${id}`,
        },
      };
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match?.[1]) {
      const subscription = stub.subscriptions.get(decodeURIComponent(match[1]));
      if (!subscription) return notFound(`No such subscription: '${match[1]}'`, "id");
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        }
        const price = params["items[0][price]"];
        const item = subscription.items.data[0];
        if (price && item && (!params["items[0][id]"] || params["items[0][id]"] === item.id)) {
          item.price = { id: price, object: "price" };
        }
      }
      if (method === "GET" || method === "POST") return { status: 200, body: subscription };
    }
    return notFound(`Unrecognized request URL (${method}: ${path})`);
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      const params = Object.fromEntries(new URLSearchParams(req.method === "GET" ? query : raw));
      const method = req.method ?? "GET";
      const idempotency = req.headers["idempotency-key"];
      stub.calls.push({
        method,
        path,
        authorization: req.headers.authorization,
        idempotencyKey: typeof idempotency === "string" ? idempotency : undefined,
        params,
      });
      const failing = failures > 0;
      if (failing) failures -= 1;
      const { status, body } = failing
        ? { status: 500, body: { error: { type: "api_error", message: "stub failure" } } }
        : answer(method, path, params);
      res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
      res.end(JSON.stringify(body));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  stub.baseUrl = `http://127.0.0.1:${port}`;
  return stub;
}
