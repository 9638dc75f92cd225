import Stripe from "stripe";
import type { StripeConfig } from "../config";

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The Stripe SDK client of a configuration, made once per configuration: the secret key and
 * STRIPE_API_BASE as the SDK's host, port and protocol (tests point it at testing/stripeStub).
 * One network retry (the SDK sends an idempotency key with it), 10 s per call.
 */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
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
