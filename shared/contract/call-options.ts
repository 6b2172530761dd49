import { z } from 'zod';

/**
 * What a call may carry beside its input. confirmName: in confirm mode, the profile name the user typed for this
 * destructive call; main checks it for this call only, so no confirmation is left over for another operation.
 */
export interface CallOptions {
  readonly confirmName?: string;
}

/** Parsed by main on every call: unknown keys or a name that is not text are refused as INVALID_INPUT. */
export const callOptionsSchema = z.strictObject({ confirmName: z.string().max(200).optional() });

/** Browser mode carries the options in this header, as percent-encoded JSON (the body is the input alone). */
export const CALL_OPTIONS_HEADER = 'x-reflect-call-options';
