// Skeleton: replaced by the page itself (docs/rules.md#money).
export function DeskPage() {
  return null;
}
