import { PageHeader } from '../components/PageHeader.js';
import { Card } from '../components/Card.js';
import { QueryView } from '../components/QueryView.js';
import { useOp } from '../api/hooks.js';
import { FamilyEditorSection } from './FamilyEditorSection.js';
import { FamilyHistory } from './FamilyHistory.js';
import { useFamilyHistory } from './use-family-history.js';

/** /admin/internal-chatbot: the latest 5 versions, the editor (Save Changes) and the active internal knowledge. */
export default function InternalChatbotPage() {
  const ref = { family: 'internal-chatbot' } as const;
  const history = useFamilyHistory(ref);
  const knowledge = useOp('prompts', 'internalKnowledge', {});
  return (
    <div className="page prompt-page">
      <PageHeader title="Internal Chatbot" subtitle="The help chatbot of the team: its prompt, knowledge base and notes" />
      <QueryView query={history} loadingLabel="Loading the chatbot prompt...">
        {(data) => <FamilyEditorSection familyRef={ref} history={data} showActive={false} editorTitle="Internal Chatbot Prompt" />}
      </QueryView>
      <Card title="Internal Knowledge" description="The active knowledge entries, by category then order, as the chatbot reads them">
        <QueryView query={knowledge} loadingLabel="Loading knowledge..." isEmpty={(k) => k.entries === 0} emptyTitle="No active knowledge entries">
          {(k) => (
            <pre className="prompt-markdown" data-testid="internal-knowledge" tabIndex={0}>
              {k.markdown}
            </pre>
          )}
        </QueryView>
      </Card>
      <section aria-labelledby="internal-versions" className="prompt-history">
        <h2 id="internal-versions">Latest Versions</h2>
        <FamilyHistory familyRef={ref} query={history} />
      </section>
    </div>
  );
}
