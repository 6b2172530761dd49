/** Operations of the coaches area: filled in by its issue. */
export const coaches = {};
