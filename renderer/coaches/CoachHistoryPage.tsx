import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader.js';
import { Tabs } from '../components/Tabs.js';
import { FamilyHistory } from '../prompts/FamilyHistory.js';
import { useFamilyHistory } from '../prompts/use-family-history.js';

type Tab = 'coach-prompt' | 'coach-knowledge';
const FAMILY_TABS = [
  { id: 'coach-prompt', label: 'System Prompt' },
  { id: 'coach-knowledge', label: 'Knowledge Base' },
] as const;

/** /admin/coaches/{id}/history: the system prompt's versions (and the knowledge base's), compare and rollback. */
export default function CoachHistoryPage() {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<Tab>('coach-prompt');
  const ref = { family: tab, coachId: id } as const;
  const history = useFamilyHistory(ref);
  const name = history.data?.data.owner;

  return (
    <div className="page">
      <PageHeader
        title={name ? `Prompt History: ${name}` : 'Coach Prompt History'}
        subtitle="Every saved version, newest first"
        back={{ to: '/admin/coaches' }}
        actions={
          <Link className="button button-primary" to={`/admin/coaches/${id}`}>
            Edit Current
          </Link>
        }
      />
      <Tabs label="Version family" tabs={FAMILY_TABS} value={tab} onChange={(id) => setTab(id as Tab)}>
        <FamilyHistory key={tab} familyRef={ref} query={history} />
      </Tabs>
    </div>
  );
}
