export interface DevTarget {
  readonly origin: string;
  readonly port: number;
  readonly token: string;
}
export function parseStartLine(text: string): DevTarget | null;
export function devCallHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  devOrigins: readonly string[],
  devToken: string,
  target: DevTarget | null,
): Record<string, string> | null;
