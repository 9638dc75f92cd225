import type Stripe from "stripe";
import type { StripeConfig } from "../config";
import { billingUnavailable } from "../errors";

const clients = new WeakMap<StripeConfig, Stripe>();

/** The Stripe SDK's module once loaded (by the first `stripeClient` call), else undefined. */
let stripeSdk: typeof Stripe | undefined;

/**
 * The Stripe SDK, loaded on first use (issue #10: 219 modules, ~4 MB of heap and ~0.3 s of
 * every start, for billing that self-hosted servers never call): `require` here, `import type`
 * elsewhere.
 */
function stripeModule(): typeof Stripe {
  stripeSdk ??= require("stripe") as typeof Stripe;
  return stripeSdk;
}

/** True when `err` is one of the Stripe SDK's errors (none can exist before the SDK is loaded). */
const isStripeError = (err: unknown): err is Stripe.errors.StripeError =>
  stripeSdk !== undefined && err instanceof stripeSdk.errors.StripeError;

/**
 * The Stripe SDK client of a configuration, made once per configuration: the secret key and
 * STRIPE_API_BASE as the SDK's host, port and protocol (tests point it at testing/stripeStub).
 * One network retry (the SDK sends an idempotency key with it), 10 s per call.
 */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const StripeSdk = stripeModule();
    client = new StripeSdk(config.secretKey, {
      host: config.api.host,
      port: config.api.port,
      protocol: config.api.protocol,
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
    });
    clients.set(config, client);
  }
  return client;
}

/** True when `err` is Stripe's 404 `resource_missing` (an unknown subscription or customer). */
export const isStripeMissing = (err: unknown): boolean => isStripeError(err) && err.code === "resource_missing";

/**
 * Runs one Stripe call; any Stripe failure (unreachable, 5xx, a refused key, an unknown object)
 * becomes 503 SERVICE_UNAVAILABLE instead of a 500, except `resource_missing` when `allowMissing`
 * (the caller then gets null).
 * @throws AppError 503 SERVICE_UNAVAILABLE (errors.billingUnavailable).
 */
export async function billingCall<T>(call: () => Promise<T>, opts: { allowMissing: true }): Promise<T | null>;
export async function billingCall<T>(call: () => Promise<T>): Promise<T>;
export async function billingCall<T>(call: () => Promise<T>, opts: { allowMissing?: boolean } = {}): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (opts.allowMissing && isStripeMissing(err)) return null;
    if (isStripeError(err)) throw billingUnavailable();
    throw err;
  }
}
