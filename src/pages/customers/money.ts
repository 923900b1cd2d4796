// The members and passes pages, and the pages that grew from them, read money from here; the one implementation
// is src/components/money.ts, which the shared sale components use too.
export { formatWon, paymentsTotal, remainder } from '#src/components/money.ts';
