import { conversationIdSchema } from "@pointwise/core/teamsSchemas";
import { z } from "zod";
import { agentsActivity } from "../../integrations/teams/botAdapter";

/**
 * The body of `POST /api/messages`: a Bot Framework activity with what the adapter and the
 * bot's turn logic read (type, serviceUrl, conversation id, sender), and valid by the Agents
 * SDK's own activity schema, so nothing malformed reaches the CloudAdapter (which throws, a
 * 500, on what its schema refuses). Issue #7: `{}`, `null`, arrays and text bodies were 500s.
 */
export const activityBody = z
  .looseObject({
    type: z.string().min(1),
    serviceUrl: z.url(),
    conversation: z.looseObject({ id: conversationIdSchema }),
    from: z.looseObject({ id: z.string().min(1) }),
  })
  .superRefine((activity, ctx) => {
    const sdk = agentsActivity().activityZodSchema.safeParse(activity);
    if (sdk.success) return;
    for (const issue of sdk.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
