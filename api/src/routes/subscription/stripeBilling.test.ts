import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, type TestUser } from "../../testing/factories";
import { lockedSessionTitles, setSessionUpdatedAt, storedBilling } from "../../testing/plans";
import { STRIPE_TEST, type StripeStub, startStripeStub, stripeStubEnv } from "../../testing/stripeStub";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Billing with Stripe end to end (issue #11 sections 3 and 5): the SDK talks to a local server
 * following Stripe's API (testing/stripeStub); webhooks are signed with the SDK's own
 * `generateTestHeaderString`. Checkout, portal, cancel, in-place changes, and the webhook: a bad
 * or missing signature, a replayed event, an out-of-order pair, the downgrade that locks.
 */
let stub: StripeStub;
let server: TestServer;
beforeAll(async () => {
  stub = await startStripeStub();
  server = await startTestServer({ env: { ...stripeStubEnv(stub), PUBLIC_URL: "https://pointwise.example" } });
}, 60_000);
afterAll(async () => {
  await server.close();
  await stub.close();
});

const statusOf = async (user: TestUser) =>
  (await user.client.get<SubscriptionStatusView>("/api/subscription/status")).body;
const deliver = (delivery: { payload: string; signature?: string }) =>
  fetch(`${server.url}/api/subscription/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(delivery.signature ? { "stripe-signature": delivery.signature } : {}),
    },
    body: delivery.payload,
  });
const checkout = (user: TestUser, plan: string) =>
  user.client.post<{ url?: string; upgraded?: boolean; plan?: string; message?: string; code?: string }>(
    "/api/subscription/create-checkout-session",
    { plan },
  );

/** Checkout for `plan`, then Stripe's completed checkout webhook for a new active subscription. */
async function subscribe(user: TestUser, plan: "basic" | "pro") {
  const res = await checkout(user, plan);
  expect(res.status).toBe(200);
  const customer = (await storedBilling(server.ctx, user.user.id)).stripeCustomerId ?? "";
  const subscription = stub.addSubscription({
    customer,
    price: plan === "pro" ? STRIPE_TEST.pricePro : STRIPE_TEST.priceBasic,
  });
  const completed = stub.event("checkout.session.completed", {
    id: "cs_test_done",
    object: "checkout.session",
    customer,
    client_reference_id: user.user.id,
    subscription: subscription.id,
    mode: "subscription",
  });
  expect((await deliver(completed)).status).toBe(200);
  return subscription;
}

describe("checkout", () => {
  it("answers a Checkout URL in subscription mode; the customer is created once and reused", async () => {
    const user = await buildUser(server.url);
    const first = await checkout(user, "basic");
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${stub.baseUrl}/checkout/cs_test_`));
    const sessions = stub.calls.filter((c) => c.path === "/v1/checkout/sessions");
    expect(sessions.at(-1)?.params).toMatchObject({
      mode: "subscription",
      client_reference_id: user.user.id,
      "line_items[0][price]": STRIPE_TEST.priceBasic,
      "line_items[0][quantity]": "1",
      success_url: "https://pointwise.example/settings?success=true",
      cancel_url: "https://pointwise.example/subscription/cancel",
    });
    expect(sessions.at(-1)?.authorization).toBe(`Bearer ${STRIPE_TEST.secretKey}`);
    const { stripeCustomerId } = await storedBilling(server.ctx, user.user.id);
    expect(stripeCustomerId).toMatch(/^cus_/);
    expect(sessions.at(-1)?.params.customer).toBe(stripeCustomerId);

    const creations = () => stub.calls.filter((c) => c.path === "/v1/customers").length;
    const before = creations();
    await checkout(user, "pro");
    expect(creations()).toBe(before);
    expect(stub.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)?.params.customer).toBe(stripeCustomerId);
    // Nothing changes before Stripe says so; the status says it is not synced yet.
    expect(await statusOf(user)).toMatchObject({ plan: "free", synced: false, billing: "stripe" });
  });

  it("the completed checkout webhook applies the plan, status and period end", async () => {
    const user = await buildUser(server.url);
    const subscription = await subscribe(user, "pro");
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    expect(await statusOf(user)).toMatchObject({
      plan: "pro",
      status: "active",
      limit: null,
      synced: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    expect((await storedBilling(server.ctx, user.user.id)).stripeSubscriptionId).toBe(subscription.id);
  });

  it("a change between paid plans updates the subscription in place, no new Checkout", async () => {
    const user = await buildUser(server.url);
    const subscription = await subscribe(user, "pro");
    const checkouts = stub.calls.filter((c) => c.path === "/v1/checkout/sessions").length;
    const res = await checkout(user, "basic");
    expect(res.body).toEqual({ upgraded: true, plan: "basic", message: "You're now on the Basic plan." });
    expect(stub.calls.filter((c) => c.path === "/v1/checkout/sessions").length).toBe(checkouts);
    const update = stub.calls.filter((c) => c.method === "POST" && c.path === `/v1/subscriptions/${subscription.id}`);
    expect(update.at(-1)?.params).toMatchObject({
      "items[0][id]": subscription.items.data[0]?.id,
      "items[0][price]": STRIPE_TEST.priceBasic,
      proration_behavior: "create_prorations",
    });
    expect((await statusOf(user)).plan).toBe("basic");
  });

  it("400 for an unknown plan; 401 without a sign-in", async () => {
    const user = await buildUser(server.url);
    expect((await checkout(user, "selfhosted")).status).toBe(400);
    const anonymous = await new ApiClient(server.url).post("/api/subscription/create-checkout-session", {
      plan: "basic",
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("portal and cancel", () => {
  it("the portal answers Stripe's URL for the user's customer, returning to /settings/billing", async () => {
    const user = await buildUser(server.url);
    const res = await user.client.post<{ url: string }>("/api/subscription/create-portal-session");
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${stub.baseUrl}/portal/bps_`));
    const call = stub.calls.filter((c) => c.path === "/v1/billing_portal/sessions").at(-1);
    expect(call?.params).toEqual({
      customer: (await storedBilling(server.ctx, user.user.id)).stripeCustomerId,
      return_url: "https://pointwise.example/settings/billing",
    });
  });

  it("cancel sets cancel-at-period-end; the plan stays until the period ends; 400 with nothing to cancel", async () => {
    const user = await buildUser(server.url);
    const none = await user.client.post<{ code: string }>("/api/subscription/cancel");
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("VALIDATION_ERROR");

    const subscription = await subscribe(user, "basic");
    const res = await user.client.post<{ message: string }>("/api/subscription/cancel");
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/end of the billing period/);
    expect(stub.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await statusOf(user)).toMatchObject({ plan: "basic", status: "active", cancelAtPeriodEnd: true });
  });
});

describe("webhook", () => {
  it("400 on a missing or bad signature, and nothing changes", async () => {
    const user = await buildUser(server.url);
    await checkout(user, "pro");
    const customer = (await storedBilling(server.ctx, user.user.id)).stripeCustomerId ?? "";
    const subscription = stub.addSubscription({ customer, price: STRIPE_TEST.pricePro });
    const forged = stub.event("customer.subscription.created", subscription, { secret: "whsec_attacker" });
    expect((await deliver(forged)).status).toBe(400);
    expect((await deliver({ payload: forged.payload })).status).toBe(400);
    const genuine = stub.event("customer.subscription.created", subscription);
    const tampered = genuine.payload.replace(subscription.id, "sub_other");
    expect((await deliver({ payload: tampered, signature: genuine.signature })).status).toBe(400);
    expect(await statusOf(user)).toMatchObject({ plan: "free", synced: false });
    // The same event, genuinely signed, is applied.
    expect((await deliver(genuine)).status).toBe(200);
    expect((await statusOf(user)).plan).toBe("pro");
  });

  it("a replayed event is applied once", async () => {
    const user = await buildUser(server.url);
    const subscription = await subscribe(user, "pro");
    const item = subscription.items.data[0];
    if (!item) throw new Error("no item");
    // The user downgrades in the portal: Stripe sends .updated; a replay of it comes after a later change.
    item.price = { id: STRIPE_TEST.priceBasic, object: "price" };
    const updated = stub.event("customer.subscription.updated", subscription);
    expect((await deliver(updated)).status).toBe(200);
    expect((await statusOf(user)).plan).toBe("basic");
    item.price = { id: STRIPE_TEST.pricePro, object: "price" };
    const retrievals = stub.calls.filter((c) => c.method === "GET").length;
    expect((await deliver(updated)).status).toBe(200);
    // Recognised by its id: Stripe is not even asked again, and the plan stays as applied.
    expect(stub.calls.filter((c) => c.method === "GET").length).toBe(retrievals);
    expect((await statusOf(user)).plan).toBe("basic");
  });

  it("an out-of-order pair ends in Stripe's latest state (payment failed, then paid, delivered paid first)", async () => {
    const user = await buildUser(server.url);
    const subscription = await subscribe(user, "basic");
    const invoice = (id: string) => ({
      id,
      object: "invoice",
      customer: subscription.customer,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    });
    const now = Math.floor(Date.now() / 1000);
    const failed = stub.event("invoice.payment_failed", invoice("in_1"), { created: now - 60 });
    const paid = stub.event("invoice.paid", invoice("in_2"), { created: now });
    // Stripe's state after both: the retry paid, the subscription is active.
    expect((await deliver(paid)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect((await statusOf(user)).status).toBe("active");

    // And when the payment has failed, past_due is applied: the paid plan stays, sessions unlocked.
    subscription.status = "past_due";
    expect((await deliver(stub.event("invoice.payment_failed", invoice("in_3")))).status).toBe(200);
    expect(await statusOf(user)).toMatchObject({ plan: "basic", status: "past_due" });
  });

  it("a late event about an ended earlier subscription does not undo the current one", async () => {
    const user = await buildUser(server.url);
    const old = await subscribe(user, "basic");
    old.status = "canceled";
    const current = stub.addSubscription({ customer: old.customer, price: STRIPE_TEST.pricePro });
    expect((await deliver(stub.event("customer.subscription.created", current))).status).toBe(200);
    expect((await deliver(stub.event("customer.subscription.deleted", old))).status).toBe(200);
    expect(await statusOf(user)).toMatchObject({ plan: "pro", status: "active" });
  });

  it("deletion returns to free and locks the least recently updated sessions; a new subscription unlocks", async () => {
    const user = await buildUser(server.url);
    const subscription = await subscribe(user, "pro");
    const titles = ["S1", "S2", "S3", "S4", "S5"];
    for (const [i, title] of titles.entries()) {
      const { session } = await buildSession(server.url, { leader: user, title });
      await setSessionUpdatedAt(server.ctx, session.id, new Date(Date.UTC(2026, 0, 1 + i)));
    }
    subscription.status = "canceled";
    expect((await deliver(stub.event("customer.subscription.deleted", subscription))).status).toBe(200);
    // The subscription is cancelled; the free plan it returned to is active (issue #22).
    expect(await statusOf(user)).toMatchObject({ plan: "free", status: "active", limit: 3 });
    expect(await lockedSessionTitles(server.ctx, user.user.id)).toEqual(["S1", "S2"]);

    const again = stub.addSubscription({ customer: subscription.customer, price: STRIPE_TEST.priceBasic });
    expect((await deliver(stub.event("customer.subscription.created", again))).status).toBe(200);
    expect(await lockedSessionTitles(server.ctx, user.user.id)).toEqual([]);
  });

  it("a subscription Stripe does not know is acknowledged and ignored", async () => {
    const user = await buildUser(server.url);
    await checkout(user, "basic");
    const customer = (await storedBilling(server.ctx, user.user.id)).stripeCustomerId ?? "";
    const ghost = { id: "sub_ghost", object: "subscription", customer, status: "active" };
    expect((await deliver(stub.event("customer.subscription.created", ghost))).status).toBe(200);
    expect((await statusOf(user)).plan).toBe("free");
  });

  it("Stripe down: 503 SERVICE_UNAVAILABLE, the event is not recorded, and Stripe's retry applies it", async () => {
    const user = await buildUser(server.url);
    await checkout(user, "pro");
    const customer = (await storedBilling(server.ctx, user.user.id)).stripeCustomerId ?? "";
    const subscription = stub.addSubscription({ customer, price: STRIPE_TEST.pricePro });
    const created = stub.event("customer.subscription.created", subscription);
    stub.failNext(2);
    const down = await deliver(created);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { code: string }).code).toBe("SERVICE_UNAVAILABLE");
    expect((await statusOf(user)).plan).toBe("free");
    expect((await deliver(created)).status).toBe(200);
    expect((await statusOf(user)).plan).toBe("pro");

    stub.failNext(2);
    const portal = await user.client.post<{ code: string }>("/api/subscription/create-portal-session");
    expect(portal.status).toBe(503);
    expect(portal.body.code).toBe("SERVICE_UNAVAILABLE");
  });

  it("acknowledges events it does not handle and events of unknown customers", async () => {
    expect((await deliver(stub.event("customer.created", { id: "cus_x", object: "customer" }))).status).toBe(200);
    const stranger = stub.addSubscription({ customer: "cus_stranger", price: STRIPE_TEST.pricePro });
    expect((await deliver(stub.event("customer.subscription.updated", stranger))).status).toBe(200);
  });
});
