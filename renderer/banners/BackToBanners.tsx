import { Link } from 'react-router-dom';

export function BackToBanners() {
  return (
    <Link className="button button-secondary" to="/admin/banners">
      Back to Banners
    </Link>
  );
}
