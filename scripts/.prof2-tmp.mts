import os from 'node:os'; import fs from 'node:fs'; import path from 'node:path';
import pg from 'pg';
import { startLocalBackend } from '../main/local-backend/stack.ts';
import { seedIfEmpty } from '../main/local-backend/seed/index.ts';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rb-'));
const b = await startLocalBackend({ dataDir: dir, fresh: true, seed: { users: 0 } });
const pool = new pg.Pool({ connectionString: b.databaseUrl });
pool.on('error', () => {});
try {
  await pool.query('truncate reflect_meta.seed_runs; truncate auth.users cascade; truncate public.coaches, public.subscription_plans, public.marketing_links, public.mirror_prompts, public.daily_wisdom_prompts, public.entry_analysis_prompts, public.block_suggestion_prompts, public.public_chatbot_prompts, public.internal_chatbot_prompts, public.internal_chatbot_knowledge, public.system_banners, public.partner_products, public.wisdom_sources, public.admin_settings, public.admin_users, public.admin_notification_logs, public.email_templates, public.user_segments, public.contact_inquiries, public.coach_inquiries, public.privacy_document_versions cascade');
  const proxy = { query: pool.query.bind(pool), connect: async () => { const c = await pool.connect(); const q = c.query.bind(c); (c as any).query = async (...a: any[]) => { const t = Date.now(); const r = await q(...a); const d = Date.now() - t; if (d > 250) console.log(d, 'ms', String(a[0]).replace(/\s+/g, ' ').slice(0, 110)); return r; }; return c; } } as unknown as pg.Pool;
  await seedIfEmpty(proxy, { users: Number(process.argv[2] ?? 100000), now: new Date('2025-06-01T12:00:00Z'), log: (l) => console.log(l) });
} finally { await pool.end(); await b.stop(); fs.rmSync(dir, { recursive: true, force: true }); }
