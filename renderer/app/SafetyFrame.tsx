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
      {production ? (
        <div className="safety-frame">
          <ProductionBand profile={production} />
          <div className="safety-frame-body">{children}</div>
        </div>
      ) : (
        children
      )}
      <TypedNameConfirmHost />
    </>
  );
}
