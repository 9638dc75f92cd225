import type { UserRow } from "../auth/currentUser";
import { permissionDenied } from "../errors";
import { isSessionLeader, type SessionRow } from "./sessionPolicy";

/**
 * Who may bind a Teams conversation (a meeting's chat, a channel, a chat) to a session,
 * declared in one place (issue #3 section 1: "the first leader to open the side panel creates
 * it (or picks an existing session); others join it").
 */
export const conversationPolicy = {
  /**
   * Replace a conversation's binding: free while unbound (or bound to a deleted session),
   * otherwise only the leader of the bound session.
   * @throws 403 PERMISSION_DENIED
   */
  rebind(bound: SessionRow | null, user: UserRow): void {
    if (bound && !isSessionLeader(bound, user.id)) {
      throw permissionDenied("This meeting already has a session; only its leader can change it");
    }
  },
  /**
   * Bind an existing session to a conversation: only that session's leader or creator.
   * @throws 403 PERMISSION_DENIED
   */
  bindSession(session: SessionRow, user: UserRow): void {
    if (!isSessionLeader(session, user.id))
      throw permissionDenied("Only the session's leader can bind it to a meeting");
  },
};
