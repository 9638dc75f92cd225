import { z } from "zod";
import { maxChars } from "./messages";
import { text } from "./text";
import { CHOOSABLE_ROLES } from "./voters";

/** The password rule's message for a missing class of character. */
const PASSWORD_CLASSES = "Password must contain at least one uppercase letter, one lowercase letter, and one number";

/**
 * True when `value` has a lowercase letter, an uppercase letter and a digit: three linear scans
 * (one lookahead regex per class is quadratic: 80,000 characters took 10.8 s, issue #7).
 */
const hasPasswordClasses = (value: string): boolean => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);

/**
 * Password rule: the stricter reading everywhere (DESIGN.md "Decisions"): 8-100 characters
 * with an uppercase letter, a lowercase letter and a digit (spec part 1 section 5). The length
 * is checked first and ends the parse (issue #7), so the class test never sees more than 100.
 */
export const passwordSchema = text("Password", {
  error: "Password is required",
  max: 100,
  tooLong: "Password must be no more than 100 characters",
})
  .min(8, "Password must be at least 8 characters")
  .refine(hasPasswordClasses, PASSWORD_CLASSES);

const name = text("Name", { max: 100 }).trim().min(1, "Must be at least 1 character(s)").max(100, maxChars(100));
const email = text("Email", { max: 255 }).trim().toLowerCase().max(255, maxChars(255)).email("Invalid email address");

/** POST /api/register body; confirmPassword is optional on the wire but must match when sent. */
export const registerSchema = z
  .object({
    email,
    firstName: name,
    lastName: name,
    password: passwordSchema,
    confirmPassword: text("Confirm password").optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
/** A validated registration. */
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/login body (spec part 1 section 5: e-mail valid, password required). */
export const loginSchema = z.object({
  email,
  password: text("Password", { error: "Password is required" }).min(1, "Password is required"),
  rememberMe: z.boolean().optional().default(false),
});
/** A validated login. */
export type LoginInput = z.infer<typeof loginSchema>;

/** PATCH /api/auth/user/profile body: names 1-100, e-mail optional (spec part 1 section 5). */
export const profileSchema = z.object({
  firstName: name.optional(),
  lastName: name.optional(),
  email: email.optional(),
});
/** A validated profile update. */
export type ProfileInput = z.infer<typeof profileSchema>;

/**
 * POST /api/profile/password body (issue #11 section 4; the spec names no route): the current
 * password (required, at most 100 characters like every password) and a new one under the
 * registration rule (`passwordSchema`).
 */
export const passwordChangeSchema = z.object({
  currentPassword: text("Current password", {
    error: "Current password is required",
    max: 100,
    tooLong: "Password must be no more than 100 characters",
  }).min(1, "Current password is required"),
  newPassword: passwordSchema,
});
/** A validated password change. */
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** POST /api/sessions/{id}/join-anonymous body (spec part 2 section 5). */
export const joinAnonymousSchema = z.object({
  displayName: text("Display name", { error: "Display name required", max: 50 })
    .trim()
    .min(1, "Display name required")
    .max(50, maxChars(50)),
  /** "Join as observer" (issue #8 section 1); a voter (`participant`) by default. */
  role: z.enum(CHOOSABLE_ROLES, { error: 'Role must be "participant" or "observer"' }).optional(),
});
/** A validated anonymous join. */
export type JoinAnonymousInput = z.infer<typeof joinAnonymousSchema>;

/** POST /api/auth/forgot-password body (issue #13 section 3): the e-mail to send a reset link to. */
export const forgotPasswordSchema = z.object({ email });
/** A validated forgot-password request. */
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/**
 * POST /api/auth/reset-password body (issue #13 section 3): the link's token (at most 200
 * characters; ours are 43) and the new password under the registration rule (`passwordSchema`).
 */
export const resetPasswordSchema = z.object({
  token: text("Token", { error: "Token is required", max: 200 }).min(1, "Token is required"),
  password: passwordSchema,
});
/** A validated password reset. */
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * DELETE /api/account body (issue #13 section 3): the account's e-mail typed again as the
 * confirmation (compared without case; checked against the account by the server).
 */
export const deleteAccountSchema = z.object({
  confirmEmail: text("Confirm email", { error: "Type your email address to confirm", max: 255 })
    .trim()
    .min(1, "Type your email address to confirm"),
});
/** A validated account deletion. */
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
