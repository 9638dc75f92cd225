/** The text after the first colon of a transport error ("401: Invalid credentials"), else null. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const index = error.message.indexOf(":");
  const text = index >= 0 ? error.message.slice(index + 1).trim() : error.message.trim();
  return text || null;
}
