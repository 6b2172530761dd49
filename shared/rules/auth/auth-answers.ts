/**
 * What the sign-in and sign-up screens say for hosted Supabase's answers (GoTrue error codes), the same for the
 * demo backend and a real project.
 */
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'This e-mail address is not confirmed yet. Open the link in the confirmation e-mail we sent, then sign in.';

export const USER_BANNED_MESSAGE = 'This account is banned. Ask an administrator of the project to lift the ban.';

export function checkYourEmailMessage(email: string): string {
  return `Check your e-mail: we sent a confirmation link to ${email}. Open it, then sign in.`;
}

export function rateLimitMessage(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds));
  return `Too many attempts. Try again in ${n} ${n === 1 ? 'second' : 'seconds'}.`;
}

/**
 * Seconds to wait after a 429: Retry-After when the server sent it (the demo does), else the time GoTrue states
 * in its message ("... after 42 seconds."), else the refill interval of hosted Supabase's documented limit:
 * sign-in/sign-up 30 per 5 minutes (one every 10 s), e-mails 30 per hour (one every 120 s).
 */
export function waitSeconds(code: string | undefined, message: string, retryAfter: number | undefined): number {
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter;
  const stated = /after (\d+) seconds?/i.exec(message) ?? /every (\d+) seconds?/i.exec(message);
  if (stated?.[1]) return Number(stated[1]);
  if (code === 'over_email_send_rate_limit') return 120;
  return 10;
}
