import { Button, Tooltip } from "@fluentui/react-components";
import { ArrowDown16Regular, ArrowUp16Regular } from "@fluentui/react-icons";

/**
 * The keyboard alternative to dragging a story in the queue (issue #8 section 3): Move up and
 * Move down buttons, disabled at the ends of the queue.
 */
export function StoryOrderButtons({
  title,
  index,
  count,
  onMove,
}: {
  title: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <Tooltip content="Move up" relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<ArrowUp16Regular />}
          aria-label={`Move ${title} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          data-testid="story-move-up"
        />
      </Tooltip>
      <Tooltip content="Move down" relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<ArrowDown16Regular />}
          aria-label={`Move ${title} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          data-testid="story-move-down"
        />
      </Tooltip>
    </>
  );
}
