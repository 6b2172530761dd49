import { useEffect, useState } from 'react';
import { useOp } from '../api/hooks.js';
import type { SafetyMode } from '../../shared/rules/profiles/types.js';

const MODE_TEXT: Record<SafetyMode, string> = { normal: '', confirm: ' · deletions ask for the connection name', 'read-only': ' · read-only' };

/** The active profile, when marked production (its band then shows on every screen, see app/SafetyFrame.tsx). */
export function useProductionProfile() {
  const list = useOp('profiles', 'list', {});
  const data = list.data?.data;
  const active = data?.profiles.find((p) => p.id === data.activeId);
  return active?.production ? active : undefined;
}

/**
 * Not a live region: the band is plain text in the page. The one announcement is a polite status filled once per
 * production profile (after mount, so screen readers notice it) and never changed while it stays active.
 */
export function ProductionBand({ profile }: { readonly profile: { readonly id: string; readonly name: string; readonly safetyMode: SafetyMode } }) {
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setAnnounced(`Connected to production: ${profile.name}`), 300);
    return () => clearTimeout(t);
  }, [profile.id, profile.name]);
  return (
    <div className="production-band" data-testid="production-band">
      <span>
        <strong>Production:</strong> {profile.name}
        {MODE_TEXT[profile.safetyMode]}
      </span>
      <span className="visually-hidden" role="status">
        {announced}
      </span>
    </div>
  );
}
