export const ROLES = ['admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The admin area requires this role (spec README: role lookup through user_roles / has_role). */
export const ADMIN_ROLE: Role = 'admin';

export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly username: string | null;
}

export interface SessionInfo {
  readonly user: SessionUser;
  readonly roles: readonly Role[];
  /** False when the backend could not be reached and the session is the one kept locally. */
  readonly verified: boolean;
}
