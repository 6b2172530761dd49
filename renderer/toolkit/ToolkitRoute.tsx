import { lazy, Suspense } from 'react';
import { Spinner } from '../components/States.js';

const ToolkitPage = lazy(() => import('./ToolkitPage.js'));

/** /toolkit sits outside the admin shell (any signed-in user), so it brings its own Suspense for the lazy page. */
export function ToolkitRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <ToolkitPage />
    </Suspense>
  );
}
