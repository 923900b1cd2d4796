// Being built for issue 14 (check-in and lockers).
export function EntryKioskPage() {
  return null;
}
