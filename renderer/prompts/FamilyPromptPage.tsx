import type { PromptFamilyId } from '../../shared/rules/prompts/families.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { FamilyEditorSection } from './FamilyEditorSection.js';
import { FamilyHistory } from './FamilyHistory.js';
import { useFamilyHistory } from './use-family-history.js';

interface Props {
  readonly family: Extract<PromptFamilyId, 'daily-wisdom' | 'entry-analysis' | 'block-suggestion'>;
  readonly title: string;
  readonly subtitle: string;
  readonly back: string;
  readonly confirmSave?: boolean;
}

/** Daily wisdom, entry analysis and entry suggestions: the active prompt, the editor and the history, one page. */
export function FamilyPromptPage({ family, title, subtitle, back, confirmSave = false }: Props) {
  const ref = { family } as const;
  const history = useFamilyHistory(ref);
  return (
    <div className="page prompt-page">
      <PageHeader title={title} subtitle={subtitle} back={{ to: back }} />
      <QueryView query={history} loadingLabel="Loading prompts...">
        {(data) => <FamilyEditorSection familyRef={ref} history={data} confirmSave={confirmSave} />}
      </QueryView>
      <section aria-labelledby={`${family}-history`} className="prompt-history">
        <h2 id={`${family}-history`}>Version History</h2>
        <FamilyHistory familyRef={ref} query={history} />
      </section>
    </div>
  );
}
