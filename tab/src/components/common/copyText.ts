/**
 * Puts `text` on the clipboard; inside an iframe (Teams) the Clipboard API may be blocked, so it
 * falls back to selecting `input` and copying.
 * @throws when neither way copies
 */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input?.select();
    if (!document.execCommand("copy")) throw new Error("copy failed");
  }
}
