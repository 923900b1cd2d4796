// Skeleton: replaced by the page itself (docs/rules.md#money).
export function UnpaidPage() {
  return null;
}
