import { Link } from 'react-router-dom';
import { CenteredMessage } from '../components/CenteredMessage.js';

export function NotFound() {
  return (
    <CenteredMessage>
      <h1>Page not found</h1>
      <p className="muted">There is no screen at this address.</p>
      <Link className="button" to="/">
        Go to the start page
      </Link>
    </CenteredMessage>
  );
}
