import { FamilyPromptPage } from './FamilyPromptPage.js';

/** /admin/entry-analysis-prompts */
export default function EntryAnalysisPage() {
  return <FamilyPromptPage family="entry-analysis" title="Entry Analysis Prompts" subtitle="The prompt that analyses each journal entry" back="/admin" />;
}
