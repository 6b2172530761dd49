import { useParams } from 'react-router-dom';
import { MIRROR_TYPES, MIRROR_TYPE_INFO, type MirrorType } from '../../shared/rules/prompts/families.js';
import { ROLLBACK_CHANGE_REASON } from '../../shared/rules/prompts/versions.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { StatCards } from '../components/StatCards.js';
import { FamilyHistory } from './FamilyHistory.js';
import { currentOf } from './FamilyEditorSection.js';
import { useFamilyHistory } from './use-family-history.js';

const isType = (t: string): t is MirrorType => (MIRROR_TYPES as readonly string[]).includes(t);

function TypeHistory({ type }: { readonly type: MirrorType }) {
  const ref = { family: 'mirror', promptType: type } as const;
  const history = useFamilyHistory(ref);
  return (
    <FamilyHistory
      familyRef={ref}
      query={history}
      summary={(h) => (
        <StatCards
          items={[
            { id: 'mirror-total', label: 'Total Versions', value: h.total, format: 'count' },
            { id: 'mirror-current', label: 'Current Version', value: currentOf(h)?.version ?? '-' },
            { id: 'mirror-rollbacks', label: 'Rollbacks', value: h.versions.filter((v) => v.changeReason === ROLLBACK_CHANGE_REASON).length, format: 'count' },
          ]}
        />
      )}
    />
  );
}

/** /admin/mirror/{type}/history: one style's versions with stat cards, compare and rollback. */
export default function MirrorHistoryPage() {
  const { type = '' } = useParams();
  if (!isType(type)) {
    return (
      <CenteredMessage>
        <h1>Unknown mirror prompt type</h1>
        <p>The types are brief, detailed and deep.</p>
        <BackLink to="/admin/mirror" label="Back to Mirror Prompts" />
      </CenteredMessage>
    );
  }
  return (
    <div className="page">
      <PageHeader
        title={`Mirror Prompt History: ${MIRROR_TYPE_INFO[type].label}`}
        subtitle={`${MIRROR_TYPE_INFO[type].description}; every saved version, newest first`}
        back={{ to: '/admin/mirror' }}
      />
      <TypeHistory key={type} type={type} />
    </div>
  );
}
