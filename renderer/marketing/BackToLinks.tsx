import { Link } from 'react-router-dom';

export function BackToLinks() {
  return (
    <Link className="button button-secondary" to="/admin/marketing-links">
      Back to Marketing Links
    </Link>
  );
}
