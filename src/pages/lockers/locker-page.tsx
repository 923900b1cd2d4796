// Being built for issue 14 (check-in and lockers).
export function LockerPage() {
  return null;
}
