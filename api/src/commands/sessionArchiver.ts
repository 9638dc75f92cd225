import type { SessionView } from "@pointwise/core/presented";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { saveSession } from "./sessionSaver";

/** Archives (inactive, archivedAt set) or restores a session (spec part 1 section 4). */
export async function setArchived(ctx: AppContext, access: SessionAccess, archived: boolean): Promise<SessionView> {
  return saveSession(ctx, access.session.id, {
    archivedAt: archived ? new Date() : null,
    isActive: !archived,
    updatedAt: new Date(),
  });
}
