import { FamilyPromptPage } from './FamilyPromptPage.js';

/** /admin/daily-wisdom-prompts */
export default function DailyWisdomPage() {
  return (
    <FamilyPromptPage
      family="daily-wisdom"
      title="Daily Wisdom Prompt Management"
      subtitle="The prompt that writes each day's wisdom"
      back="/admin/dashboard"
      confirmSave
    />
  );
}
