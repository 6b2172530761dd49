import type pg from 'pg';

/** What the generators pick their targets from, read from the database between rounds (the truth, not a cache). */
export interface World {
  /** The run's own banners (their title starts with RUN_PREFIX). */
  readonly banners: readonly { readonly id: string; readonly title: string }[];
  readonly products: readonly string[];
  /** The run's own products (their slug starts with fault-run-). */
  readonly runProducts: readonly { readonly id: string; readonly name: string; readonly slug: string }[];
  /** The run's own wisdom sources (their name starts with RUN_PREFIX). */
  readonly runWisdom: readonly { readonly id: string; readonly name: string }[];
  readonly feedback: readonly string[];
  /** Feedback in the trash (restore, undo and delete-for-good targets). */
  readonly feedbackTrash: readonly string[];
  readonly wisdomSources: readonly string[];
  /** Coach inquiries. */
  readonly inquiries: readonly string[];
  readonly contactInquiries: readonly string[];
  readonly emailTemplates: readonly string[];
  readonly emailTriggers: readonly string[];
  /** The run's own e-mail templates and triggers (their name starts with RUN_PREFIX). */
  readonly runTemplates: readonly string[];
  readonly runTriggers: readonly string[];
  /** The run's own marketing links (their slug starts with fault-run-). */
  readonly marketingLinks: readonly { readonly id: string; readonly slug: string }[];
  readonly privacyVersions: readonly string[];
  readonly publicChatbotVersions: readonly string[];
  /** Coaches with their prompt versions (rollback targets). */
  readonly coachPrompts: readonly { readonly coachId: string; readonly versionId: string }[];
  readonly mirrorVersions: readonly { readonly promptType: string; readonly versionId: string }[];
  readonly dailyWisdomVersions: readonly string[];
  /** Coaches (update targets; the name stays, so a create's marker still finds its coach). */
  readonly coaches: readonly { readonly id: string; readonly name: string }[];
  /** E-mail admin users (the notification recipients, not the administrators' roles). */
  readonly adminUsers: readonly string[];
  /** The run's own user segments (their name starts with RUN_PREFIX). */
  readonly runSegments: readonly { readonly id: string; readonly name: string }[];
  /** Internal chatbot conversations (delete targets). */
  readonly conversations: readonly string[];
  /** Users that may be granted a flag (profiles with an e-mail). */
  readonly flagUsers: readonly { readonly id: string; readonly email: string }[];
  /** Users this run may delete: none of them an administrator or a demo account a test signs in with. */
  readonly deletable: readonly { readonly id: string; readonly email: string }[];
}

/** Banners this run makes carry this prefix in their title, so the checks find them and only them. */
export const RUN_PREFIX = 'Fault run ';

const ids = async (db: pg.Pool, text: string) => (await db.query<{ id: string }>(text)).rows.map((r) => r.id);

export async function readWorld(db: pg.Pool): Promise<World> {
  const [products, feedback, feedbackTrash, privacyVersions, publicChatbotVersions, dailyWisdomVersions] = await Promise.all([
    ids(db, `select id from partner_products order by sort_order, id`),
    ids(db, `select id from feedback_submissions where status <> 'deleted' order by created_at limit 200`),
    ids(db, `select id from feedback_submissions where status = 'deleted' order by created_at limit 50`),
    ids(db, `select id from privacy_document_versions order by version`),
    ids(db, `select id from public_chatbot_prompts order by version`),
    ids(db, `select id from daily_wisdom_prompts order by version limit 50`),
  ]);
  const [wisdomSources, inquiries, contactInquiries, emailTemplates, emailTriggers] = await Promise.all([
    ids(db, `select id from wisdom_sources order by created_at, id limit 50`),
    ids(db, `select id from coach_inquiries order by created_at, id limit 50`),
    ids(db, `select id from contact_inquiries order by created_at, id limit 50`),
    ids(db, `select id from email_templates order by created_at, id limit 50`),
    ids(db, `select id from email_triggers order by created_at, id limit 50`),
  ]);
  const [runTemplates, runTriggers, adminUsers, conversations] = await Promise.all([
    ids(db, `select id from email_templates where template_name like '${RUN_PREFIX}%' order by created_at, id`),
    ids(db, `select id from email_triggers where trigger_name like '${RUN_PREFIX}%' order by created_at, id`),
    ids(db, `select id from admin_users order by created_at, id limit 50`),
    ids(db, `select id from internal_chatbot_conversations order by created_at, id limit 50`),
  ]);
  const coaches = (await db.query<{ id: string; name: string }>(`select id, name from coaches order by created_at, id limit 100`)).rows;
  const runSegments = (
    await db.query<{ id: string; name: string }>(`select id, name from user_segments where name like '${RUN_PREFIX}%' order by created_at, id`)
  ).rows;
  const banners = (
    await db.query<{ id: string; title: string }>(`select id, title from system_banners where title like '${RUN_PREFIX}%' order by created_at, id`)
  ).rows;
  const runProducts = (
    await db.query<{ id: string; name: string; slug: string }>(
      `select id, name, slug from partner_products where slug like 'fault-run-%' order by created_at, id`,
    )
  ).rows;
  const runWisdom = (
    await db.query<{ id: string; name: string }>(`select id, name from wisdom_sources where name like '${RUN_PREFIX}%' order by created_at, id`)
  ).rows;
  const marketingLinks = (
    await db.query<{ id: string; slug: string }>(`select id, slug from marketing_links where slug like 'fault-run-%' order by created_at, id`)
  ).rows;
  const coachPrompts = (
    await db.query<{ coachId: string; versionId: string }>(
      `select coach_id as "coachId", id as "versionId" from coach_prompts order by coach_id, version limit 200`,
    )
  ).rows;
  const mirrorVersions = (
    await db.query<{ promptType: string; versionId: string }>(
      `select prompt_type as "promptType", id as "versionId" from mirror_prompts order by version limit 100`,
    )
  ).rows;
  const users = (
    await db.query<{ id: string; email: string; admin: boolean }>(
      `select p.id, p.email, exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin') as admin
         from profiles p where p.email is not null and p.email <> '' order by p.created_at, p.id limit 400`,
    )
  ).rows;
  const keep = /^(admin|member)@reflect\.local$/;
  return {
    banners,
    products,
    runProducts,
    runWisdom,
    feedback,
    feedbackTrash,
    wisdomSources,
    inquiries,
    contactInquiries,
    emailTemplates,
    emailTriggers,
    runTemplates,
    runTriggers,
    marketingLinks,
    privacyVersions,
    publicChatbotVersions,
    coachPrompts,
    mirrorVersions,
    dailyWisdomVersions,
    coaches,
    adminUsers,
    runSegments,
    conversations,
    flagUsers: users.slice(0, 40),
    deletable: users.filter((u) => !u.admin && !keep.test(u.email)).slice(40),
  };
}
