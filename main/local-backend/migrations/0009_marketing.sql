-- Marketing and affiliate links, their visits, users' attribution and revenue (spec 3 sections 3, 4, 5 and 9).

create table public.marketing_links (
  id uuid primary key default gen_random_uuid(),
  campaign_name text not null check (btrim(campaign_name) <> ''),
  campaign_description text,
  slug text not null unique check (slug ~ '^[a-z0-9-]{1,50}$'),
  start_date date not null default current_date,
  end_date date,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  target_url text not null default '/',
  campaign_type text not null default 'instagram' check (campaign_type in (
    'instagram', 'facebook', 'linkedin', 'tiktok', 'influencer', 'email', 'organic', 'other')),
  status text not null default 'draft' check (status in ('draft', 'active', 'paused', 'completed', 'archived')),
  priority text not null default 'medium' check (priority in ('high', 'medium', 'low')),
  budget_amount numeric(12, 2) check (budget_amount >= 0),
  target_conversions integer check (target_conversions >= 1),
  notes text,
  created_by uuid references auth.users (id) on delete set null,
  is_affiliate_link boolean not null default false,
  affiliate_commission_percentage numeric(5, 2) check (affiliate_commission_percentage between 0 and 100),
  affiliate_commission_duration_perpetual boolean not null default false,
  affiliate_commission_duration_months integer check (affiliate_commission_duration_months >= 1),
  affiliate_email text,
  affiliate_contact_name text,
  -- the card payment provider (default), an online wallet, or a manual wire transfer
  affiliate_payout_method text default 'stripe' check (affiliate_payout_method in ('stripe', 'paypal', 'manual')),
  affiliate_minimum_payout numeric(10, 2) default 50 check (affiliate_minimum_payout >= 0),
  affiliate_notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_date is null or end_date >= start_date)
);
create index marketing_links_created_at_idx on public.marketing_links (created_at);
create index marketing_links_status_idx on public.marketing_links (status);
create index marketing_links_type_idx on public.marketing_links (campaign_type);
create trigger marketing_links_updated_at before update on public.marketing_links for each row execute function app_private.set_updated_at();

-- One row per visit of /r/{slug}; converted_user_id is set when the visit led to a sign-up.
create table public.marketing_link_visits (
  id uuid primary key default gen_random_uuid(),
  marketing_link_id uuid not null references public.marketing_links (id) on delete cascade,
  visited_at timestamptz not null default now(),
  visitor_id text,
  session_id text,
  referrer text,
  user_agent text,
  converted_user_id uuid references auth.users (id) on delete set null,
  converted_at timestamptz
);
create index marketing_link_visits_link_idx on public.marketing_link_visits (marketing_link_id, visited_at);
create index marketing_link_visits_visited_at_idx on public.marketing_link_visits (visited_at);
create index marketing_link_visits_converted_idx on public.marketing_link_visits (converted_user_id);

-- Where a user came from; users without a row count as "Direct".
create table public.user_marketing_attribution (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  referrer text,
  landing_page text,
  marketing_link_id uuid references public.marketing_links (id) on delete set null,
  created_at timestamptz not null default now()
);
create index user_marketing_attribution_link_idx on public.user_marketing_attribution (marketing_link_id);
create index user_marketing_attribution_created_at_idx on public.user_marketing_attribution (created_at);

-- Payments attributed to a link. A deleted user's payments stay for the books, without the user.
create table public.affiliate_revenue (
  id uuid primary key default gen_random_uuid(),
  marketing_link_id uuid not null references public.marketing_links (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  payment_date timestamptz not null default now(),
  payment_amount numeric(12, 2) not null check (payment_amount >= 0),
  commission_amount numeric(12, 2) not null default 0 check (commission_amount >= 0),
  commission_status text not null default 'pending' check (commission_status in ('pending', 'approved', 'paid')),
  revenue_type text not null default 'affiliate' check (revenue_type in ('affiliate', 'campaign', 'referral')),
  stripe_invoice_id text,
  created_at timestamptz not null default now()
);
create index affiliate_revenue_link_date_idx on public.affiliate_revenue (marketing_link_id, payment_date);
create index affiliate_revenue_payment_date_idx on public.affiliate_revenue (payment_date);
create index affiliate_revenue_user_idx on public.affiliate_revenue (user_id);
