/**
 * Which row a write changes, for the operations whose target is rows of one known table: the recorder reads
 * those rows through the service client before and after the write. Kept here rather than on the contract so
 * the contract stays what the window may call; an operation missing here is still recorded (input and outcome,
 * no before/after). `id` reads the row key from the input; `fromOutput` from the result (creates).
 */
type Input = Record<string, unknown>;

export interface TargetSpec {
  readonly table: string;
  /** The filter selecting the target rows: column to value (or values). undefined: no target in this input. */
  readonly match: (input: Input, output?: unknown) => Record<string, string | readonly string[]> | undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);
const strs = (v: unknown): readonly string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
const outputId = (o: unknown): string | undefined => str((o as { id?: unknown } | null)?.id);

/** The row whose id is in the input under `key` (default "id"); a create names it in its output instead. */
function byId(table: string, key = 'id'): TargetSpec {
  return {
    table,
    match: (input, output) => {
      const id = str(input[key]) ?? (output === undefined ? undefined : outputId(output));
      return id ? { id } : undefined;
    },
  };
}
function byIds(table: string, key = 'ids'): TargetSpec {
  return { table, match: (input) => (strs(input[key])?.length ? { id: strs(input[key])! } : undefined) };
}

/**
 * Writes that are not recorded: they change only this computer's own aids, nothing in the project, and would
 * bury the changes the log is for (the palette notes each item opened as recent).
 */
export const NOT_AUDITED: ReadonlySet<string> = new Set(['palette.opened']);

export const AUDIT_TARGETS: Readonly<Record<string, TargetSpec>> = {
  'banners.create': byId('system_banners'),
  'banners.update': byId('system_banners'),
  'banners.setActive': byId('system_banners'),
  'banners.delete': byId('system_banners'),
  'feedback.setStatus': byId('feedback_submissions'),
  'feedback.setTags': byId('feedback_submissions'),
  'feedback.softDelete': byId('feedback_submissions'),
  'feedback.undoDelete': byId('feedback_submissions'),
  'feedback.restore': byIds('feedback_submissions'),
  'feedback.deleteForever': byIds('feedback_submissions'),
  'flags.grant': byId('user_feature_flags'),
  'flags.revoke': {
    table: 'user_feature_flags',
    match: (i) => (str(i.userId) && str(i.featureKey) ? { user_id: str(i.userId)!, feature_key: str(i.featureKey)! } : undefined),
  },
  'coaches.create': byId('coaches'),
  'coaches.update': byId('coaches'),
  'coaches.uploadAvatar': byId('coaches', 'coachId'),
  'coaches.removeAvatar': byId('coaches', 'coachId'),
  'coaches.setInquiryStatus': byId('coach_inquiries'),
  'coaches.deleteInquiry': byId('coach_inquiries'),
  'products.create': byId('partner_products'),
  'products.update': byId('partner_products'),
  'products.setActive': byId('partner_products'),
  'products.delete': byId('partner_products'),
  'marketing.create': byId('marketing_links'),
  'marketing.update': byId('marketing_links'),
  'marketing.delete': byId('marketing_links'),
  'wisdom.create': byId('wisdom_sources'),
  'wisdom.update': byId('wisdom_sources'),
  'wisdom.setActive': byId('wisdom_sources'),
  'wisdom.delete': byId('wisdom_sources'),
  'inquiries.delete': byId('contact_inquiries'),
  'email.setAdminUserActive': byId('admin_users'),
  'email.saveTemplate': byId('email_templates'),
  'email.approveTemplate': byId('email_templates'),
  'email.setTemplateActive': byId('email_templates'),
  'email.deleteTemplate': byId('email_templates'),
  'email.saveTrigger': byId('email_triggers'),
  'email.setTriggerActive': byId('email_triggers'),
  'email.deleteTrigger': byId('email_triggers'),
  'email.saveSegment': byId('user_segments'),
  'privacy.activate': byId('privacy_document_versions', 'versionId'),
  'users.deleteUser': byId('profiles', 'targetUserId'),
  'ttsLibrary.delete': byId('tts_generated_audio'),
};

/** The target's id as the log shows it: one id, or the ids joined, or the match's values. */
export function targetLabel(match: Record<string, string | readonly string[]>): string {
  return Object.values(match)
    .map((v) => (typeof v === 'string' ? v : v.join(',')))
    .join(' ');
}
