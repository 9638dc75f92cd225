import { isUuid } from "@pointwise/core/ids";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import type { StoryRow } from "../presenters/storyPresenter";
import { loadSessionAccess, type SessionAccess } from "./sessionPolicy";

/**
 * A story and the caller's access to its session.
 * @throws 404 NOT_FOUND for an unknown story (or a malformed id).
 */
export async function loadStoryAccess(
  ctx: AppContext,
  request: FastifyRequest,
  storyId: string,
): Promise<{ story: StoryRow; access: SessionAccess }> {
  const [story] = isUuid(storyId) ? await ctx.db.select().from(stories).where(eq(stories.id, storyId)) : [];
  if (!story) throw notFound("Story not found");
  const access = await loadSessionAccess(ctx.db, request, story.sessionId);
  return { story, access };
}
