/**
 * True when `value` has the shape of a UUID (8-4-4-4-12 hex digits). Ids in paths are checked
 * with it before they reach a `uuid` column, so a malformed id is a 404, never a database error.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
