/** The badge colours the renderer's Badge component offers, named here so pure rules can choose one. */
export type BadgeToneName = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';
