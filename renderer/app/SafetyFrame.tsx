import { useEffect, type ReactNode } from 'react';
import { askTypedName, TypedNameConfirmHost } from '../components/TypedNameConfirm.js';
import { setNameAsker } from '../api/confirmer.js';
import { ProductionBand, useProductionProfile } from '../settings/ProductionBand.js';

/**
 * Around every route (the shell, sign-in, Settings, the toolkit): the production band of the active profile and
 * the one typed-name confirm dialog, which answers the data hooks' question for confirm mode while it is mounted.
 * Without a band the layout is exactly what it was.
 */
export function SafetyFrame({ children }: { readonly children: ReactNode }) {
  const production = useProductionProfile();
  useEffect(() => setNameAsker(askTypedName), []);
  return (
    <>
      {/* One tree whether or not there is a band: turning production on or off must not remount the screen (a dialog
          saving that very setting would lose its success callback, and every screen its state). */}
      <div className={production ? 'safety-frame' : 'safety-frame-plain'}>
        {production ? <ProductionBand profile={production} /> : null}
        <div className={production ? 'safety-frame-body' : 'safety-frame-plain'}>{children}</div>
      </div>
      <TypedNameConfirmHost />
    </>
  );
}
