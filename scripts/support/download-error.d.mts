/** Why the Electron runtime could not be downloaded, in one line. */
export function downloadError(stderr: string | undefined, timedOut: boolean): string;
