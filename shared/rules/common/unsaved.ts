/** The one question before unsaved changes are lost: a route change in the window, or closing the desktop window. */
export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';
