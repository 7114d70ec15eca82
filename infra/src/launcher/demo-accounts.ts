/** The demo logins `npm start` prints (seeded by identity's SeedService when SEED_DEMO=true). */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Wind@2026', role: 'super admin (SA)' },
  { username: 'data-admin', password: 'Demo@2026', role: 'data admin (DA)' },
  { username: 'data-reviewer', password: 'Demo@2026', role: 'data reviewer (DR)' },
  { username: 'customer-admin', password: 'Demo@2026', role: 'customer admin (CA), North Sea Wind' },
  { username: 'customer-writer', password: 'Demo@2026', role: 'customer writer (CW)' },
  { username: 'customer-reader', password: 'Demo@2026', role: 'customer reader (CR)' },
  { username: 'technician', password: 'Demo@2026', role: 'repair technician' },
  { username: 'pilot', password: 'Demo@2026', role: 'pilot' },
  { username: 'labeler', password: 'Demo@2026', role: 'labeler' },
  { username: 'engineer', password: 'Demo@2026', role: 'engineer' },
  { username: 'reviewer', password: 'Demo@2026', role: 'report reviewer' },
] as const;
