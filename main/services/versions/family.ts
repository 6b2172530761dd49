/**
 * A version family: a table whose rows are numbered versions, partitioned by key columns (coach_id + prompt_type,
 * prompt_type, or none), with at most one active row per partition. The same descriptor drives the reader, the
 * writer and rollbacks for every prompt family; the SQL side is app_private.version_families (migration 0040).
 */
export interface VersionFamily {
  /** The name in app_private.version_families (the table name). */
  readonly name: string;
  readonly table: string;
  /** Column names of the partition, in order. */
  readonly keyColumns: readonly string[];
  /** The column whose text is previewed, compared and must not be blank. */
  readonly textColumn: string;
  /** Other columns a rollback copies and a change compares (generation_params, title, knowledge_base). */
  readonly extraColumns: readonly string[];
  /** Whether rows record notes and change_reason. */
  readonly hasChangeReason: boolean;
  readonly parentColumn?: string;
  /** History order: version (all families) or created_at (entry analysis reads that way in the spec). */
  readonly orderBy?: 'version' | 'created_at';
}

export type FamilyKey = Readonly<Record<string, string>>;

export const COACH_PROMPTS: VersionFamily = {
  name: 'coach_prompts',
  table: 'coach_prompts',
  keyColumns: ['coach_id', 'prompt_type'],
  textColumn: 'prompt_content',
  extraColumns: ['generation_params'],
  hasChangeReason: true,
};

export const COACH_KNOWLEDGE_BASE: VersionFamily = {
  name: 'coach_knowledge_base',
  table: 'coach_knowledge_base',
  keyColumns: ['coach_id'],
  textColumn: 'content',
  extraColumns: ['title'],
  hasChangeReason: true,
  parentColumn: 'parent_version_id',
};

// The families of later issues, ready for their screens (spec 2: mirror, daily wisdom, entry analysis, block
// suggestions; spec 3: the public and internal chatbots).
const promptFamily = (table: string, keyColumns: readonly string[] = []): VersionFamily => ({
  name: table,
  table,
  keyColumns,
  textColumn: 'prompt_content',
  extraColumns: ['generation_params'],
  hasChangeReason: true,
});
export const MIRROR_PROMPTS = promptFamily('mirror_prompts', ['prompt_type']);
export const DAILY_WISDOM_PROMPTS = promptFamily('daily_wisdom_prompts');
export const ENTRY_ANALYSIS_PROMPTS: VersionFamily = { ...promptFamily('entry_analysis_prompts'), orderBy: 'created_at' };
export const BLOCK_SUGGESTION_PROMPTS = promptFamily('block_suggestion_prompts');
export const PUBLIC_CHATBOT_PROMPTS: VersionFamily = { ...promptFamily('public_chatbot_prompts'), extraColumns: ['knowledge_base', 'generation_params'] };
export const INTERNAL_CHATBOT_PROMPTS: VersionFamily = {
  name: 'internal_chatbot_prompts',
  table: 'internal_chatbot_prompts',
  keyColumns: [],
  textColumn: 'prompt_content',
  extraColumns: ['title', 'knowledge_base'],
  hasChangeReason: false,
};

/** Every column the reader selects for a family. */
export function selectedColumns(f: VersionFamily): string[] {
  return [
    'id',
    'version',
    'is_active',
    'created_by',
    'created_at',
    'notes',
    ...(f.hasChangeReason ? ['change_reason'] : []),
    f.textColumn,
    ...f.extraColumns,
    ...(f.parentColumn ? [f.parentColumn] : []),
  ];
}
