import { SELECTABLE_PLANS } from "@pointwise/core/plans";
import { z } from "zod";

/** Body of `POST /api/subscription/create-checkout-session`: a selectable plan (spec part 2 section 4). */
export const checkoutBody = z.object({
  plan: z.enum(SELECTABLE_PLANS, { message: "Choose free, basic or pro" }),
});

/** Its answer: a Checkout URL, or the plan switched at once. */
export const checkoutReply = z.union([
  z.object({ url: z.string() }),
  z.object({ upgraded: z.boolean(), plan: z.string(), message: z.string() }),
]);

/** Answer of `POST /api/subscription/create-portal-session`. */
export const portalReply = z.object({ url: z.string() });

/** Answer of `POST /api/subscription/cancel`. */
export const cancelReply = z.object({ message: z.string() });

/** Answer of `POST /api/subscription/webhook`. */
export const webhookReply = z.object({ received: z.literal(true) });

/** Answer of `GET /api/subscription/status` (issue #11 section 3). */
export const statusReply = z.object({
  plan: z.string(),
  status: z.string(),
  sessionsThisMonth: z.number(),
  sessionsOwned: z.number(),
  limit: z.number().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  synced: z.boolean(),
  billing: z.enum(["stripe", "selfhosted"]),
});
