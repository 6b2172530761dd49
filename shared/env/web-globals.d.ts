// Only for tsconfig.shared.json: the two WHATWG globals that both Node and browsers provide and shared rules use.
// Main and renderer get the full declarations from @types/node and lib.dom instead.
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly hash: string;
  readonly host: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly password: string;
  readonly pathname: string;
  readonly port: string;
  readonly protocol: string;
  readonly search: string;
  readonly username: string;
  toString(): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
