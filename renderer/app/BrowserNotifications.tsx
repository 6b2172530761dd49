import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '../api/bridge.js';
import { onCallResult } from '../api/http-api.js';
import { createFirstSyncWatch, finishedOperation, type FinishedWork } from '../../shared/rules/long-work/finished.js';
import { noticeFor } from '../../shared/rules/long-work/notice.js';
import { useLatest } from '../lib/useLatest.js';

/**
 * Browser mode's side of "long work tells you when it is done" (issue 28 §3): the same rules as the desktop app's
 * OS notification (shared/rules/long-work), shown with the Web Notifications API, and only where the browser
 * already granted this page the permission (it is never asked for) and the page is in the background. The desktop
 * app's main process notifies itself, so this does nothing there.
 */
export function BrowserNotifications() {
  const navigate = useNavigate();
  const navigateRef = useLatest(navigate);
  useEffect(() => {
    if (window.admin || typeof Notification === 'undefined') return;
    const tell = (work: FinishedWork | null) => {
      if (Notification.permission !== 'granted') return;
      const notice = noticeFor(work, document.hasFocus());
      if (!notice) return;
      const note = new Notification(notice.title, { body: notice.body });
      note.onclick = () => {
        window.focus();
        note.close();
        if (window.location.pathname !== notice.route) void navigateRef.current(notice.route);
      };
    };
    const firstSync = { 'users-sync': createFirstSyncWatch('users'), 'analytics-sync': createFirstSyncWatch('analytics') };
    const offResults = onCallResult((name, result) => {
      if (result.ok) tell(finishedOperation(name, result.data));
    });
    const offEvents = adminApi().events.subscribe((event) => {
      if (event.type === 'users-sync' || event.type === 'analytics-sync') tell(firstSync[event.type](event.status));
    });
    return () => {
      offResults();
      offEvents();
    };
  }, [navigateRef]);
  return null;
}
