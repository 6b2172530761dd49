import { useOp } from '../api/hooks.js';
import { DEFAULT_PUBLIC_HOST } from '../../shared/rules/profiles/public-host.js';

/** {host} of marketing short links ({host}/r/{slug}): the connection profile's public site address, from main. */
export function usePublicHost(): string {
  const info = useOp('app', 'info', {});
  return info.data?.data.profile.publicHost ?? DEFAULT_PUBLIC_HOST;
}
