import { FamilyPromptPage } from './FamilyPromptPage.js';

/** /admin/block-suggestion-prompts */
export default function BlockSuggestionPage() {
  return (
    <FamilyPromptPage
      family="block-suggestion"
      title="Entry Suggestion Prompts"
      subtitle="The current configuration of the prompt that suggests new entries"
      back="/admin/dashboard"
    />
  );
}
