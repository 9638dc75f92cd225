import {
  AvatarGroup,
  AvatarGroupItem,
  AvatarGroupPopover,
  partitionAvatarGroupItems,
} from "@fluentui/react-components";
import type { ParticipantView } from "@pointwise/core/presented";

/**
 * Up to 5 participant avatars, then a +N overflow (spec part 2 section 2); online ones show a
 * presence badge. `online` null: presence unknown (connection down, issue #8 section 5), no badges.
 */
export function ParticipantAvatars({
  participants,
  online,
}: {
  participants: ParticipantView[];
  online: string[] | null;
}) {
  const { inlineItems, overflowItems } = partitionAvatarGroupItems({ items: participants, maxInlineItems: 5 });
  if (participants.length === 0) return null;
  const item = (p: ParticipantView) => (
    <AvatarGroupItem
      key={p.id}
      name={p.displayName}
      image={p.user?.profileImageUrl ? { src: p.user.profileImageUrl } : undefined}
      badge={online === null ? undefined : { status: online.includes(p.voterKey) ? "available" : "offline" }}
    />
  );
  return (
    <AvatarGroup layout="stack" size={28} aria-label="Participants">
      {inlineItems.map(item)}
      {overflowItems ? <AvatarGroupPopover>{overflowItems.map(item)}</AvatarGroupPopover> : null}
    </AvatarGroup>
  );
}
