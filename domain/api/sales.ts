import { defineRoute } from './define.ts';

// Sales (docs/rules.md#money): the payment desk and the ledger's routes share this file, each in its section.

// ─── The payment desk (docs/rules.md#the-desk) ─────────────────────────────────────────────────────────────────
// (desk routes: filled by the desk helper)

// ─── end of the payment desk ──────────────────────────────────────────────────────────────────────────────────

// ─── The ledger (payment history, unpaid, sales list) ────────────────────────────────────────────────────────
// (ledger routes go below this line)

export type { defineRoute as _defineRoute };
