/** The version (a date) of the terms a new account accepts at sign-up; stored as terms_version. */
export const CURRENT_TERMS_VERSION = '2025-01-15';
