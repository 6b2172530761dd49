-- System banners, partner products and general contact inquiries (spec 2 sections 3, 4 and 9).

create table public.system_banners (
  id uuid primary key default gen_random_uuid(),
  category text not null default 'info' check (category in ('info', 'warning', 'error', 'success')),
  title text not null check (btrim(title) <> ''),
  message text not null check (btrim(message) <> ''),
  action_text text,
  action_url text,
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  target_audience text not null default 'all' check (target_audience in ('all', 'subscribers', 'trial', 'canceled', 'free')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index system_banners_created_at_idx on public.system_banners (created_at);
create index system_banners_active_idx on public.system_banners (active, start_date, end_date);
create trigger system_banners_updated_at before update on public.system_banners for each row execute function app_private.set_updated_at();

-- The lists are nullable: the product forms send an empty list as null (spec 2 section 5).
create table public.partner_products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  slug text unique,
  description text,
  short_description text,
  company_name text not null,
  company_website text,
  category text not null default 'supplement' check (category in ('supplement', 'book', 'course', 'tool', 'software', 'service', 'other')),
  price_original numeric(10, 2) check (price_original >= 0),
  price_discounted numeric(10, 2) check (price_discounted >= 0),
  discount_percentage integer check (discount_percentage between 0 and 100),
  offer_description text,
  affiliate_link text not null,
  product_image_url text,
  company_logo_url text,
  marketing_site_url text,
  is_active boolean not null default true,
  is_featured boolean not null default false,
  tags text[],
  target_audience text[],
  benefits text[],
  conversion_tracking_id text,
  expires_at timestamptz,
  sort_order integer not null default 999,
  click_count integer not null default 0 check (click_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index partner_products_sort_idx on public.partner_products (sort_order, name);
create index partner_products_created_at_idx on public.partner_products (created_at);
create trigger partner_products_updated_at before update on public.partner_products for each row execute function app_private.set_updated_at();

create table public.contact_inquiries (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  message text not null default '',
  created_at timestamptz not null default now()
);
create index contact_inquiries_created_at_idx on public.contact_inquiries (created_at);
create index contact_inquiries_email_lower_idx on public.contact_inquiries (lower(email));
