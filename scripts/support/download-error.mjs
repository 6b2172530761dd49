/** Why the Electron runtime could not be downloaded, in one line, for npm start's fallback message. */
export function downloadError(stderr, timedOut) {
  if (timedOut) return 'the download did not finish within 2 minutes';
  const lines = String(stderr ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /Error|ENOTFOUND|EAI_AGAIN|ECONN|ETIMEDOUT|HTTP|403|404|certificate/i.test(l) && !/^at /.test(l)) ?? lines[0];
  return line ? line.replace(/^(Error|HTTPError|RequestError):\s*/, '') : 'unknown error';
}
