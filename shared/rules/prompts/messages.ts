import { COACH_MESSAGES } from '../coaches/fields.js';

/** The messages of each prompt family (spec 2 section 8 "Prompts", spec 3 section 8 "Chatbots", coaches). */
export interface FamilyMessages {
  /** Save refused: blank content. */
  readonly blank: string;
  /** Save refused: nothing changed. */
  readonly unchanged: string;
  readonly saved: string;
  /** Toast title of a failed save; the server's message follows. */
  readonly saveFailed: string;
  readonly rollbackDone: string;
  readonly rollbackFailed: string;
  readonly currentNotRollbackable: string;
  readonly activated: string;
  readonly activateFailed: string;
}

export const PROMPT_MESSAGES: FamilyMessages = {
  blank: 'Prompt content is required',
  unchanged: 'Nothing changed: edit the prompt, its notes or its parameters before saving.',
  saved: 'Prompt saved',
  saveFailed: 'Error saving prompt',
  rollbackDone: 'Rollback successful',
  rollbackFailed: 'Rollback failed',
  currentNotRollbackable: 'The current version cannot be rolled back.',
  activated: 'Prompt activated successfully',
  activateFailed: 'Error activating prompt',
};

export const MIRROR_MESSAGES = {
  missingData: 'Missing required data',
  initialized: 'Prompts initialized',
  initializeFailed: 'Error initializing prompts',
  alreadyInitialized: 'Mirror prompts already exist, so there is nothing to initialize.',
} as const;

export const CHATBOT_MESSAGES = {
  conversationDeleted: 'Conversation deleted',
  deleteConversationFailed: 'Failed to delete conversation',
  noConversations: 'No Conversations Found',
  notActivatable: 'This version is already active.',
} as const;

export const FAMILY_MESSAGES = {
  coachPrompt: {
    ...PROMPT_MESSAGES,
    blank: COACH_MESSAGES.promptBlank,
    unchanged: COACH_MESSAGES.promptUnchanged,
    saved: COACH_MESSAGES.promptUpdated,
    saveFailed: COACH_MESSAGES.promptFailed,
  },
  coachKnowledge: {
    ...PROMPT_MESSAGES,
    blank: COACH_MESSAGES.knowledgeBlank,
    unchanged: COACH_MESSAGES.knowledgeUnchanged,
    saved: COACH_MESSAGES.knowledgeUpdated,
    saveFailed: COACH_MESSAGES.knowledgeFailed,
  },
  publicChatbot: {
    ...PROMPT_MESSAGES,
    blank: 'Prompt content cannot be empty.',
    unchanged: 'Nothing changed: edit the prompt, the knowledge base or the parameters before creating a new version.',
    saved: 'Prompt saved successfully',
  },
  internalChatbot: {
    ...PROMPT_MESSAGES,
    blank: 'Prompt content cannot be empty.',
    unchanged: 'Nothing changed: edit the prompt, the knowledge base or the notes before saving.',
    saved: 'Internal chatbot updated successfully',
    saveFailed: 'Failed to save changes',
  },
} satisfies Record<string, FamilyMessages>;
