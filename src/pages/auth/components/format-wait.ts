/** "30 seconds", "2 minutes", "30초", "2분": a wait in the user's language, rounded up to whole minutes from 60 s. */
export const formatWait = (seconds: number, language: string): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  const [value, unit] = whole >= 60 ? [Math.ceil(whole / 60), 'minute'] : [whole, 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
};
