/** The edit screen's loading skeleton: the shape of the form's sections (QueryView announces the loading). */
export function ProductSkeleton() {
  return (
    <div className="product-form" aria-hidden="true" data-testid="product-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className="card product-section">
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-block" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      ))}
    </div>
  );
}
