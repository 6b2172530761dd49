/**
 * How the demo's /auth/v1 behaves where a hosted project has settings. The defaults are hosted Supabase's:
 * e-mail confirmation required (GoTrue MAILER_AUTOCONFIRM=false) and the documented rate limits
 * (supabase.com/docs/guides/auth/rate-limits). Tests that sign in many times turn the limits off; a test
 * that needs a signed-in new user turns auto-confirm on.
 */
export interface RateLimit {
  /** Requests allowed in a burst (GoTrue's token-bucket capacity). */
  readonly burst: number;
  /** Requests allowed per period once the burst is spent (the bucket's refill rate). */
  readonly perPeriod: number;
  readonly periodSeconds: number;
}

export interface RateLimits {
  /** Password sign-ins and sign-ups, per IP: 30 requests per 5 minutes. */
  readonly signInSignUp: RateLimit;
  /** refresh_token grants, per IP: 1800 per hour (150 per 5 minutes), burst 30. */
  readonly tokenRefresh: RateLimit;
  /** /verify, per IP: 360 per hour, burst 30. */
  readonly verify: RateLimit;
  /** E-mails sent by /signup and PUT /user, for the whole project: 30 per hour (GoTrue's RATE_LIMIT_EMAIL_SENT
   * default, the hosted default with a project's own SMTP server, which the demo's mail sink stands for). */
  readonly emailSent: RateLimit;
}

export const HOSTED_RATE_LIMITS: RateLimits = {
  signInSignUp: { burst: 30, perPeriod: 30, periodSeconds: 300 },
  tokenRefresh: { burst: 30, perPeriod: 1800, periodSeconds: 3600 },
  verify: { burst: 30, perPeriod: 360, periodSeconds: 3600 },
  emailSent: { burst: 30, perPeriod: 30, periodSeconds: 3600 },
};

export interface AuthOptions {
  /** Sign-up signs the user in at once, without a confirmation e-mail (hosted default: off). */
  readonly autoConfirm: boolean;
  /** false: no limits (test suites that sign in many times). */
  readonly rateLimits: RateLimits | false;
  /** Minimum time between two confirmation e-mails to one address (GoTrue SMTP_MAX_FREQUENCY, hosted 60 s). */
  readonly emailMaxFrequencySeconds: number;
  /** How long an e-mailed link stays valid (GoTrue MAILER_OTP_EXP; hosted default 3600 s). */
  readonly linkExpirySeconds: number;
  /** Minimum password length (hosted default 6). */
  readonly minPasswordLength: number;
  /** How long an access token lasts (GoTrue JWT_EXP; hosted default 3600 s): the fault run shortens it to meet refreshes. */
  readonly accessTokenSeconds: number;
}

export const HOSTED_AUTH_OPTIONS: AuthOptions = {
  autoConfirm: false,
  rateLimits: HOSTED_RATE_LIMITS,
  emailMaxFrequencySeconds: 60,
  linkExpirySeconds: 3600,
  minPasswordLength: 6,
  accessTokenSeconds: 3600,
};

export function authOptions(given: Partial<AuthOptions> | undefined): AuthOptions {
  return { ...HOSTED_AUTH_OPTIONS, ...given };
}

/** REFLECT_AUTH_RATE_LIMITS=off and REFLECT_AUTH_AUTOCONFIRM=on, for test runs of browser mode. */
export function authOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<AuthOptions> {
  return {
    ...(env.REFLECT_AUTH_RATE_LIMITS === 'off' ? { rateLimits: false as const } : {}),
    ...(env.REFLECT_AUTH_AUTOCONFIRM === 'on' ? { autoConfirm: true } : {}),
  };
}
