import { PageHeader } from '../components/PageHeader.js';
import { FamilyHistory } from './FamilyHistory.js';
import { useFamilyHistory } from './use-family-history.js';

/** /admin/public-chatbot/history: every version, compare, and Activate (which deactivates every other version). */
export default function PublicChatbotHistoryPage() {
  const ref = { family: 'public-chatbot' } as const;
  const history = useFamilyHistory(ref);
  return (
    <div className="page">
      <PageHeader title="Public Chatbot History" subtitle="Every saved version, newest first" back={{ to: '/admin/public-chatbot' }} />
      <FamilyHistory familyRef={ref} query={history} />
    </div>
  );
}
