/** The edit screen's loading skeleton: the shape of the form's sections while the product loads. */
export function ProductSkeleton() {
  return (
    <div className="page product-page" role="status" aria-live="polite" aria-busy="true" data-testid="product-skeleton">
      <span className="product-skeleton-text">Loading product...</span>
      <div className="skeleton skeleton-title" aria-hidden="true" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="card product-section" aria-hidden="true">
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-block" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      ))}
    </div>
  );
}
