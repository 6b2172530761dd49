import type { InputOf, OpSpec, OutputOf } from './define.js';
import type { InvalidatesKnown, MustHold } from './stale-names.js';
import type { FactsStated } from './facts-check.js';
import type { Result } from './result.js';
import type { AppEvent } from './events.js';
import type { AppCommand } from '../app-commands.js';
import type { CallOptions } from './call-options.js';
import type { KeptOutput, KeptReadName } from './kept-names.js';
import { app } from './areas/app.js';
import { auth } from './areas/auth.js';
import { profiles } from './areas/profiles.js';
import { dashboard } from './areas/dashboard.js';
import { users } from './areas/users.js';
import { analytics } from './areas/analytics.js';
import { coaches } from './areas/coaches.js';
import { email } from './areas/email.js';
import { wisdom } from './areas/wisdom.js';
import { products } from './areas/products.js';
import { feedback } from './areas/feedback.js';
import { banners } from './areas/banners.js';
import { inquiries } from './areas/inquiries.js';
import { prompts } from './areas/prompts.js';
import { flags } from './areas/flags.js';
import { imports } from './areas/imports.js';
import { privacy } from './areas/privacy.js';
import { activity } from './areas/activity.js';
import { tts, ttsLibrary } from './areas/tts.js';
import { toolkit } from './areas/toolkit.js';
import { marketing } from './areas/marketing.js';
import { affiliates } from './areas/affiliates.js';
import { campaigns } from './areas/campaigns.js';
import { apiusage } from './areas/apiusage.js';
import { audit } from './areas/audit.js';
import { palette } from './areas/palette.js';

/** Every operation the renderer can ask main for. Names are "area.method". */
export const contract = {
  app,
  auth,
  profiles,
  dashboard,
  users,
  analytics,
  coaches,
  email,
  wisdom,
  products,
  feedback,
  banners,
  inquiries,
  prompts,
  flags,
  imports,
  privacy,
  activity,
  tts,
  ttsLibrary,
  toolkit,
  marketing,
  affiliates,
  campaigns,
  apiusage,
  audit,
  palette,
} as const;

export type Contract = typeof contract;
export type AreaName = keyof Contract;

/** Fails to compile, quoting the operation and the name, when an invalidates entry names neither an area nor a read. */
export type ContractInvalidatesChecked = MustHold<InvalidatesKnown<Contract>>;

/** Fails to compile, quoting the operation, when a write lacks its effect or audit fact, or a read states one. */
export type ContractFactsChecked = MustHold<FactsStated<Contract>>;

/** The reads of the contract kept for offline use, and what each holds (the command palette reads them back). */
export type KeptOp = KeptReadName<Contract>;
export type KeptOutputOf<N extends KeptOp> = KeptOutput<Contract, N>;

type AreaApi<A> = { readonly [M in keyof A]: (input: InputOf<A[M]>, options?: CallOptions) => Promise<Result<OutputOf<A[M]>>> };

/** The one object preload exposes as window.admin (and browser mode's HTTP client implements). */
export type AdminApi = { readonly [A in AreaName]: AreaApi<Contract[A]> } & {
  readonly events: {
    subscribe(listener: (event: AppEvent) => void): () => void;
    /** The application menu's commands (desktop app only; browser mode has no menu and never calls it). */
    onAppCommand(listener: (command: AppCommand) => void): () => void;
  };
};

export interface OpEntry {
  readonly name: string;
  readonly area: string;
  readonly method: string;
  readonly spec: OpSpec;
}

/** Flat list of every operation, for the router, the preload bridge and the tests. */
export const OPERATIONS: readonly OpEntry[] = Object.entries(contract).flatMap(([area, methods]) =>
  Object.entries(methods as Record<string, OpSpec>).map(([method, spec]) => ({ name: `${area}.${method}`, area, method, spec })),
);

export function findOperation(name: string): OpEntry | undefined {
  return OPERATIONS.find((o) => o.name === name);
}

export * from './define.js';
export * from './stale-names.js';
export * from './facts.js';
export * from './facts-check.js';
export * from './export.js';
export * from './result.js';
export * from './events.js';
export * from './call-options.js';
