/**
 * The queue order after moving the story `id` to index `to` (drag and drop, or Move up/down
 * by one; issue #8 section 3). Out-of-range targets are clamped; an unknown id changes nothing.
 * @returns every id, in the new order (what PUT /api/sessions/{id}/story-order takes)
 */
export function movedOrder(ids: readonly string[], id: string, to: number): string[] {
  const from = ids.indexOf(id);
  const order = [...ids];
  if (from < 0) return order;
  order.splice(from, 1);
  order.splice(Math.max(0, Math.min(to, order.length)), 0, id);
  return order;
}
