/** Operations of the analytics area: filled in by its issue. */
export const analytics = {};
