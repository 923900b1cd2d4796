// Skeleton: replaced by the page itself (docs/rules.md#money).
export function ProductListPage() {
  return null;
}
