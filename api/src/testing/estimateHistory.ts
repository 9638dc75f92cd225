import { inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { estimateHistory } from "../db/schema";

/** The `estimate_history` rows of the given stories, read straight from the test database (issue #9 section 3). */
export async function historyRowsOf(ctx: AppContext, storyIds: string[]) {
  if (storyIds.length === 0) return [];
  return ctx.db.select().from(estimateHistory).where(inArray(estimateHistory.storyId, storyIds));
}
