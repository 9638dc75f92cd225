/**
 * The spec's generic validation messages (spec part 1 section 5).
 * Kept in one place so client and server say exactly the same words.
 */
export const minChars = (n: number): string => `Must be at least ${n} character(s)`;
/** "Must be no more than N characters" (spec part 1 section 5). */
export const maxChars = (n: number): string => `Must be no more than ${n} characters`;
