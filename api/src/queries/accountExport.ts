import { asc, eq, inArray, or } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { Db } from "../db/database";
import {
  acceptanceCriteriaSuggestions,
  pointingSessions,
  sessionParticipants,
  stories,
  teamMembers,
  teams,
  votes,
} from "../db/schema";
import { presentUser } from "../presenters/userPresenter";

/**
 * The user's data as one JSON document (GET /api/account/export, issue #13 section 2): profile,
 * teams (with the role and whether they own it), sessions they created or lead with their
 * stories, sessions they joined, their votes and their acceptance-criteria suggestions.
 * No secrets: no password hash, no token hashes, no payment references (Stripe ids), no
 * sign-in sessions. Dates are ISO 8601 strings (JSON).
 */
export async function exportAccount(db: Db, user: UserRow) {
  const memberships = await db
    .select({
      id: teams.id,
      name: teams.name,
      description: teams.description,
      role: teamMembers.role,
      creatorId: teams.creatorId,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, user.id))
    .orderBy(asc(teamMembers.joinedAt));

  const led = await db
    .select({
      id: pointingSessions.id,
      title: pointingSessions.title,
      description: pointingSessions.description,
      teamId: pointingSessions.teamId,
      creatorId: pointingSessions.creatorId,
      leaderId: pointingSessions.leaderId,
      estimationScale: pointingSessions.estimationScale,
      customDeck: pointingSessions.customDeck,
      isActive: pointingSessions.isActive,
      archivedAt: pointingSessions.archivedAt,
      createdAt: pointingSessions.createdAt,
    })
    .from(pointingSessions)
    .where(or(eq(pointingSessions.creatorId, user.id), eq(pointingSessions.leaderId, user.id)))
    .orderBy(asc(pointingSessions.createdAt));
  const ledIds = led.map((s) => s.id);
  const ledStories =
    ledIds.length === 0
      ? []
      : await db
          .select({
            id: stories.id,
            sessionId: stories.sessionId,
            title: stories.title,
            description: stories.description,
            acceptanceCriteria: stories.acceptanceCriteria,
            ticketNumber: stories.ticketNumber,
            status: stories.status,
            finalPoints: stories.finalPoints,
            consensus: stories.consensus,
            createdAt: stories.createdAt,
          })
          .from(stories)
          .where(inArray(stories.sessionId, ledIds))
          .orderBy(asc(stories.position));

  const joined = await db
    .select({
      sessionId: sessionParticipants.sessionId,
      title: pointingSessions.title,
      role: sessionParticipants.role,
      joinedAt: sessionParticipants.joinedAt,
      removedAt: sessionParticipants.removedAt,
    })
    .from(sessionParticipants)
    .innerJoin(pointingSessions, eq(pointingSessions.id, sessionParticipants.sessionId))
    .where(eq(sessionParticipants.userId, user.id))
    .orderBy(asc(sessionParticipants.joinedAt));

  const myVotes = await db
    .select({
      storyId: votes.storyId,
      storyTitle: stories.title,
      sessionId: stories.sessionId,
      points: votes.points,
      coffee: votes.coffee,
      createdAt: votes.createdAt,
      updatedAt: votes.updatedAt,
    })
    .from(votes)
    .innerJoin(stories, eq(stories.id, votes.storyId))
    .where(eq(votes.userId, user.id))
    .orderBy(asc(votes.createdAt));

  const mySuggestions = await db
    .select({
      id: acceptanceCriteriaSuggestions.id,
      storyId: acceptanceCriteriaSuggestions.storyId,
      content: acceptanceCriteriaSuggestions.content,
      status: acceptanceCriteriaSuggestions.status,
      createdAt: acceptanceCriteriaSuggestions.createdAt,
    })
    .from(acceptanceCriteriaSuggestions)
    .where(eq(acceptanceCriteriaSuggestions.suggestedBy, user.id))
    .orderBy(asc(acceptanceCriteriaSuggestions.createdAt));

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...presentUser(user),
      oauthProvider: user.oauthProvider,
      subscriptionStatus: user.subscriptionStatus,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    teams: memberships.map(({ creatorId, ...team }) => ({ ...team, isOwner: creatorId === user.id })),
    sessionsLed: led.map((s) => ({
      ...s,
      isCreator: s.creatorId === user.id,
      stories: ledStories.filter((story) => story.sessionId === s.id).map(({ sessionId: _id, ...story }) => story),
    })),
    sessionsJoined: joined,
    votes: myVotes,
    suggestions: mySuggestions,
  };
}
