/** Spec 1 section 8: the exact text of the Access Denied screen. */
export const ACCESS_DENIED_TEXT = "You don't have the required permissions to access this area. Contact an administrator if you believe this is an error.";

export const VERIFYING_ACCESS_TEXT = 'Verifying access permissions...';
