import type { SupabaseClient } from '@supabase/supabase-js';
import {
  PRIVACY_DOCUMENT_TYPE,
  PRIVACY_SETTING_KEY,
  resolvePrivacy,
  type PrivacyCurrent,
  type PrivacyVersion,
} from '../../../shared/rules/privacy/document.js';
import { AppError } from '../../ground/errors.js';
import { must, readCounted } from '../support/query.js';
import { appendSettled } from '../support/append-settled.js';
import { activationTarget, type ActiveVersion } from '../support/activation-target.js';
import { updateSettled, type RpcAnswer } from '../support/update-settled.js';

const COLUMNS =
  'id, version, content, is_active, change_summary, change_reason, created_at, activated_at, deactivated_at, view_count, legal_review_status, legal_review_notes, legal_review_date';

interface VersionRow {
  readonly id: string;
  readonly version: number;
  readonly content: string;
  readonly is_active: boolean;
  readonly change_summary: string | null;
  readonly change_reason: string | null;
  readonly created_at: string;
  readonly activated_at: string | null;
  readonly deactivated_at: string | null;
  readonly view_count: number;
  readonly legal_review_status: string;
  readonly legal_review_notes: string | null;
  readonly legal_review_date: string | null;
}

/** The text users see now: the active version, else the admin setting, else the built-in default. */
export async function currentPrivacy(db: SupabaseClient): Promise<PrivacyCurrent> {
  const active = must(
    await db
      .from('privacy_document_versions')
      .select('content, version, activated_at, created_at')
      .eq('document_type', PRIVACY_DOCUMENT_TYPE)
      .eq('is_active', true)
      .maybeSingle(),
    'Reading the active privacy version',
  );
  if (active) return resolvePrivacy(active, null);
  const setting = must(await db.from('admin_settings').select('value, updated_at').eq('key', PRIVACY_SETTING_KEY).maybeSingle(), 'Reading the privacy setting');
  return resolvePrivacy(null, setting);
}

export async function privacyHistory(db: SupabaseClient): Promise<PrivacyVersion[]> {
  const rows = await readCounted<VersionRow>(
    { count: 'Counting privacy versions', read: 'Reading privacy versions' },
    db.from('privacy_document_versions').select('id', { count: 'exact', head: true }).eq('document_type', PRIVACY_DOCUMENT_TYPE),
    (from, to) =>
      db.from('privacy_document_versions').select(COLUMNS).eq('document_type', PRIVACY_DOCUMENT_TYPE).order('version', { ascending: false }).range(from, to),
  );
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    content: r.content,
    isActive: r.is_active,
    changeSummary: r.change_summary,
    changeReason: r.change_reason,
    createdAt: r.created_at,
    activatedAt: r.activated_at,
    deactivatedAt: r.deactivated_at,
    viewCount: r.view_count,
    legalReviewStatus: r.legal_review_status,
    legalReviewNotes: r.legal_review_notes,
    legalReviewDate: r.legal_review_date,
  }));
}

type Newer = {
  readonly id: string;
  readonly version: number;
  readonly content: string;
  readonly change_summary: string | null;
  readonly change_reason: string | null;
  readonly created_by: string | null;
};

/**
 * Through the SQL helper with the administrator's own client: it checks the role and records the author
 * (`authorId`, the signed-in administrator). A lost reply is settled by reading the versions again through the
 * service client, which sees them all whatever the project's policies (issue 31): the one above the highest before
 * the call with this content, summary and author is the answer.
 */
export async function createPrivacyVersion(
  user: SupabaseClient,
  service: SupabaseClient,
  input: { content: string; changeSummary: string; changeReason: string | null },
  authorId: string,
): Promise<{ id: string }> {
  const summary = input.changeSummary.trim();
  const reason = input.changeReason?.trim() ? input.changeReason.trim() : null;
  const versions = () =>
    service
      .from('privacy_document_versions')
      .select('id, version, content, change_summary, change_reason, created_by')
      .eq('document_type', PRIVACY_DOCUMENT_TYPE);
  const { data, error } = await appendSettled<{ data: unknown; error: { message: string } | null }, Newer>(
    {
      newest: async () =>
        Number(must(await versions().order('version', { ascending: false }).limit(1), 'Reading the newest privacy version')?.[0]?.version ?? 0),
      newerThan: async (version) => {
        const answer = await versions().gt('version', version).order('version');
        return answer.error ? undefined : ((answer.data ?? []) as Newer[]);
      },
      ours: (r) => r.content === input.content && r.change_summary === summary && r.change_reason === reason && r.created_by === authorId,
    },
    () =>
      user.rpc('create_privacy_document_version', {
        p_document_type: PRIVACY_DOCUMENT_TYPE,
        p_content: input.content,
        p_change_summary: summary,
        p_change_reason: reason,
      }),
    (r) => ({ data: r.id, error: null }),
  );
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  return { id: data as string };
}

/**
 * The helper locks the document type, so two activations at once still leave exactly one active version. A lost reply
 * is settled by reading the active version and the one asked for through the service client (update-settled.ts).
 */
export async function activatePrivacyVersion(user: SupabaseClient, service: SupabaseClient, versionId: string): Promise<{ id: string }> {
  const { error } = await updateSettled<RpcAnswer, readonly ActiveVersion[]>(
    activationTarget(service, 'privacy_document_versions', versionId, 'id, is_active, activated_at, deactivated_at', { document_type: PRIVACY_DOCUMENT_TYPE }),
    () => user.rpc('activate_privacy_document_version', { p_version_id: versionId }),
    () => ({ error: null }),
  );
  if (error) throw new AppError(error.code === 'P0002' ? 'NOT_FOUND' : 'BACKEND_ERROR', error.message);
  return { id: versionId };
}
