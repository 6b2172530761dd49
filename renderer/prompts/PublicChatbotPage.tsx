import { Link } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { FamilyEditorSection, currentOf } from './FamilyEditorSection.js';
import { useFamilyHistory } from './use-family-history.js';

/** /admin/public-chatbot: the landing-page chatbot's system prompt, knowledge base, notes and parameters. */
export default function PublicChatbotPage() {
  const ref = { family: 'public-chatbot' } as const;
  const history = useFamilyHistory(ref);
  const current = currentOf(history.data?.data);
  return (
    <div className="page prompt-page">
      <PageHeader
        title="Public Chatbot"
        subtitle={current ? `Version ${current.version} is active` : 'The landing-page chatbot'}
        actions={
          <Link className="button button-secondary" to="/admin/public-chatbot/history">
            History
          </Link>
        }
      />
      <QueryView query={history} loadingLabel="Loading the chatbot prompt...">
        {(data) => <FamilyEditorSection familyRef={ref} history={data} showActive={false} editorTitle="Public Chatbot Prompt" />}
      </QueryView>
    </div>
  );
}
