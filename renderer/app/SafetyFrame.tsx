import type { ReactNode } from 'react';
import { TypedNameConfirmHost } from '../components/TypedNameConfirm.js';
import { ProductionBand, useProductionProfile } from '../settings/ProductionBand.js';

/**
 * Around every route (the shell, sign-in, Settings, the toolkit): the production band of the active profile and
 * the one typed-name confirm dialog. Without a band the layout is exactly what it was.
 */
export function SafetyFrame({ children }: { readonly children: ReactNode }) {
  const production = useProductionProfile();
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
