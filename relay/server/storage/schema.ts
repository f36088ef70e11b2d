/**
 * The ONE schema for PGlite and PostgreSQL, by area. Change a part, then `npm run db:generate` and commit the new
 * migration. The parts import each other only downwards (billing and remote reference auth's users), never this index.
 * Enum-like text columns take their allowed values from the protocol's zod enums (columns.ts `oneOf`).
 */
// Accounts and sign-in (users, identities, login tokens, access tokens, temp codes, login attempts).
export * from './schema.auth';

// Billing tables (products, orders, credit ledger, usage, invitations, promo codes).
export * from './schema.billing';

// Remote control tables (CLI tokens, pairing, instances, sessions and events, commands, workspace locks).
export * from './schema.remote';

// Push notifications (VAPID keys, one Web Push subscription per user and device).
export * from './schema.push';
