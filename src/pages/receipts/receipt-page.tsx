// Skeleton: replaced by the page itself (docs/rules.md#money).
export function ReceiptPage() {
  return null;
}
