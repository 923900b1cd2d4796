/**
 * What the avatar shows without a photo: the first letters of the first two words ("Jane Doe" → "JD"), or the first
 * letter of a one-word name ("홍길동" → "홍").
 */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string) => Array.from(word)[0] ?? '';
  if (words.length === 0) return '?';
  if (words.length === 1) return first(words[0]!).toUpperCase();
  return `${first(words[0]!)}${first(words[1]!)}`.toUpperCase();
};

/** Bytes as megabytes with one decimal, as the refusal message states them. */
export const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);
