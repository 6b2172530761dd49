/** Plans, banners, partner products, wisdom sources and marketing links for the demo. */

export const PLANS = [
  { name: 'Founders Free', description: 'Lifetime free access for our founding members', price_monthly: 0, price_yearly: 0, sort_order: 1, weight: 15 },
  { name: 'Foundation Free Beta', description: 'Free access to foundation coaches during the beta', price_monthly: 0, price_yearly: 0, sort_order: 2, weight: 25 },
  { name: 'Premium Monthly', description: 'All coaches, panels and unlimited reflections, billed monthly', price_monthly: 12, price_yearly: 144, sort_order: 3, weight: 40 },
  { name: 'Premium Yearly', description: 'All coaches, panels and unlimited reflections, billed yearly', price_monthly: 8.25, price_yearly: 99, sort_order: 4, weight: 20 },
] as const;

/** days: start/end relative to now (null: open). */
export const BANNERS = [
  { category: 'info', title: 'New: coach panels', message: 'Ask up to four coaches the same question and compare their perspectives.', action_text: 'Try a panel', action_url: '/panels', active: true, start: -20, end: 20, target_audience: 'all' },
  { category: 'success', title: 'Thank you, founders!', message: 'Your founders plan stays free forever. Thank you for shaping Reflect.', action_text: null, action_url: null, active: true, start: null, end: null, target_audience: 'free' },
  { category: 'warning', title: 'Scheduled maintenance', message: 'Reflect will be read-only for about 15 minutes on Sunday at 02:00 UTC.', action_text: 'Status page', action_url: 'https://status.example.com', active: true, start: 3, end: 6, target_audience: 'all' },
  { category: 'error', title: 'Payment failed', message: 'We could not renew your subscription. Please update your card to keep premium coaches.', action_text: 'Update card', action_url: '/billing', active: true, start: null, end: null, target_audience: 'subscribers' },
  { category: 'info', title: 'Your trial ends soon', message: 'Keep your streak going: choose a plan before your trial ends.', action_text: 'See plans', action_url: '/pricing', active: false, start: -60, end: -30, target_audience: 'trial' },
  { category: 'success', title: 'Welcome back', message: 'We missed you. Your journal is right where you left it.', action_text: 'Write today', action_url: '/journal', active: false, start: null, end: null, target_audience: 'canceled' },
] as const;

export const PRODUCTS = [
  { name: 'Magnesium Glycinate Calm', company: 'Northwind Naturals', category: 'supplement', original: 29.99, discounted: 23.99, pct: 20, active: true, featured: true, tags: ['sleep', 'calm'], audience: ['busy professionals'], benefits: ['Better sleep', 'Less tension'] },
  { name: 'The Reflective Mind', company: 'Lantern Press', category: 'book', original: 18.5, discounted: null, pct: null, active: true, featured: false, tags: ['journaling'], audience: ['beginners'], benefits: ['A 30-day journaling plan'] },
  { name: 'Mindful Leadership Course', company: 'Summit Learning', category: 'course', original: 199, discounted: 149, pct: 25, active: true, featured: true, tags: ['leadership', 'mindfulness'], audience: ['managers', 'founders'], benefits: ['8 video modules', 'Live Q&A'] },
  { name: 'Focus Timer Cube', company: 'Tempo Tools', category: 'tool', original: 34, discounted: 29, pct: 15, active: true, featured: false, tags: ['focus'], audience: ['students', 'remote workers'], benefits: ['Distraction-free timing'] },
  { name: 'Calmly Sleep Stories', company: 'Calmly Inc.', category: 'software', original: 69.99, discounted: 49.99, pct: 29, active: true, featured: false, tags: ['sleep', 'audio'], audience: ['light sleepers'], benefits: ['200+ stories', 'Offline mode'] },
  { name: 'Career Clarity Session', company: 'Pathfinder Coaching', category: 'service', original: 120, discounted: 99, pct: 18, active: true, featured: false, tags: ['career'], audience: ['career changers'], benefits: ['One-to-one session', 'Action plan'] },
  { name: 'Gratitude Card Deck', company: 'Paper & Pine', category: 'other', original: 22, discounted: null, pct: null, active: true, featured: false, tags: ['gratitude'], audience: ['families'], benefits: ['52 prompts'] },
  { name: 'Omega-3 Focus Blend', company: 'Northwind Naturals', category: 'supplement', original: 39.99, discounted: 31.99, pct: 20, active: false, featured: false, tags: null, audience: null, benefits: null },
  { name: 'Habit Tracker Notebook', company: 'Paper & Pine', category: 'book', original: 16, discounted: 12, pct: 25, active: true, featured: false, tags: ['habits'], audience: null, benefits: ['Undated, 6 months'] },
  { name: 'Spring Breathwork Workshop', company: 'Open Air Studio', category: 'course', original: 79, discounted: 59, pct: 25, active: true, featured: true, tags: ['breathwork'], audience: ['everyone'], benefits: ['Live workshop'], expiresDays: -10 },
] as const;

export const WISDOM_SOURCES = [
  { name: 'Marcus Aurelius', category: 'philosopher', period: 'classical', culture: 'Roman', areas: ['wisdom', 'leadership', 'ethics', 'persistence', 'mindfulness'], active: true, description: 'Roman emperor and Stoic philosopher whose private notes became the Meditations.' },
  { name: 'Marie Curie', category: 'scientist', period: 'modern', culture: 'Polish-French', areas: ['curiosity', 'persistence', 'learning', 'courage'], active: true, description: 'Physicist and chemist, the first person to win Nobel Prizes in two sciences.' },
  { name: 'Thich Nhat Hanh', category: 'spiritual-leader', period: 'contemporary', culture: 'Vietnamese', areas: ['mindfulness', 'compassion', 'wisdom'], active: true, description: 'Zen teacher who brought mindfulness practice to a worldwide audience.' },
  { name: 'Maya Angelou', category: 'author', period: 'contemporary', culture: 'African American', areas: ['courage', 'authenticity', 'relationships', 'creativity', 'vulnerability', 'wisdom'], active: true, description: 'Poet and memoirist whose work speaks of resilience and dignity.' },
  { name: 'Leonardo da Vinci', category: 'artist', period: 'renaissance', culture: 'Italian', areas: ['curiosity', 'creativity', 'imagination', 'learning', 'innovation'], active: true, description: 'Painter, engineer and relentless note-taker.' },
  { name: 'Brené Brown', category: 'researcher', period: 'contemporary', culture: 'American', areas: ['vulnerability', 'shame-resilience', 'courage', 'authenticity', 'leadership'], active: true, description: 'Researcher of courage, vulnerability, shame and empathy.' },
  { name: 'Confucius', category: 'philosopher', period: 'ancient', culture: 'Chinese', areas: ['ethics', 'relationships', 'learning', 'wisdom'], active: true, description: 'Teacher whose sayings on conduct and learning shaped East Asian thought.' },
  { name: 'Hildegard of Bingen', category: 'historical-figure', period: 'medieval', culture: 'German', areas: ['creativity', 'wisdom', 'learning'], active: true, description: 'Abbess, composer and writer on medicine and nature.' },
  { name: 'Sara Blakely', category: 'entrepreneur', period: 'contemporary', culture: 'American', areas: ['persistence', 'innovation', 'courage'], active: false, description: 'Founder who built a company from a simple idea and $5,000 of savings.' },
  { name: 'Seneca', category: 'philosopher', period: 'classical', culture: 'Roman', areas: ['wisdom', 'ethics', 'decision-making'], active: true, description: 'Stoic philosopher and letter writer on time, anger and friendship.' },
  { name: 'Unnamed folk sayings', category: 'historical-figure', period: null, culture: null, areas: [], active: false, description: 'Proverbs of uncertain origin, kept for reference.' },
] as const;

/** startDays/endDays relative to now; weight: share of attributed sign-ups. */
export const MARKETING_LINKS = [
  { name: 'Instagram launch', slug: 'insta-launch', type: 'instagram', status: 'completed', priority: 'high', startDays: 520, endDays: 430, weight: 14, affiliate: null, budget: 2500 },
  { name: 'Spring journaling challenge', slug: 'spring-challenge', type: 'instagram', status: 'active', priority: 'medium', startDays: 300, endDays: null, weight: 12, affiliate: null, budget: 1200 },
  { name: 'Facebook lookalike', slug: 'fb-lookalike', type: 'facebook', status: 'paused', priority: 'low', startDays: 400, endDays: null, weight: 8, affiliate: null, budget: 3000 },
  { name: 'LinkedIn founders series', slug: 'li-founders', type: 'linkedin', status: 'active', priority: 'medium', startDays: 250, endDays: null, weight: 6, affiliate: null, budget: 1500 },
  { name: 'TikTok morning pages', slug: 'tiktok-morning-pages', type: 'tiktok', status: 'active', priority: 'high', startDays: 180, endDays: null, weight: 15, affiliate: null, budget: 4000 },
  { name: 'Dr. Lena mindful podcast', slug: 'lena-podcast', type: 'influencer', status: 'active', priority: 'high', startDays: 450, endDays: null, weight: 12, affiliate: { pct: 20, perpetual: true, months: null, email: 'lena@podcast.example.com', contact: 'Lena Morales', method: 'stripe', min: 50 }, budget: null },
  { name: 'Calm Creators collective', slug: 'calm-creators', type: 'influencer', status: 'active', priority: 'medium', startDays: 200, endDays: null, weight: 9, affiliate: { pct: 15, perpetual: false, months: 12, email: 'partners@calmcreators.example.com', contact: 'Jamie Ito', method: 'paypal', min: 100 }, budget: null },
  { name: 'Newsletter swap: Slow Growth', slug: 'slow-growth-swap', type: 'email', status: 'completed', priority: 'low', startDays: 350, endDays: 320, weight: 5, affiliate: { pct: 10, perpetual: false, months: 6, email: 'hello@slowgrowth.example.com', contact: 'Priya Shah', method: 'manual', min: 50 }, budget: 0 },
  { name: 'Blog: how to journal', slug: 'blog-how-to-journal', type: 'organic', status: 'active', priority: 'medium', startDays: 540, endDays: null, weight: 13, affiliate: null, budget: null },
  { name: 'Holiday referral push', slug: 'holiday-referrals', type: 'other', status: 'archived', priority: 'low', startDays: 380, endDays: 350, weight: 6, affiliate: null, budget: 500 },
  { name: 'Summer retreat teaser', slug: 'summer-retreat', type: 'email', status: 'draft', priority: 'medium', startDays: -14, endDays: null, weight: 0, affiliate: null, budget: 800 },
] as const;
