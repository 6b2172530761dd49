/** Operations of the users area: filled in by its issue. */
export const users = {};
