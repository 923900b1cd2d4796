import { useEffect, useState } from 'react';

const secondsUntil = (until: number | null): number =>
  until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Seconds left until a moment (epoch ms), ticking every second; 0 when there is none or it has passed. */
export const useSecondsLeft = (until: number | null): number => {
  const [left, setLeft] = useState(() => secondsUntil(until));

  useEffect(() => {
    setLeft(secondsUntil(until));
    if (until === null) return;
    const timer = window.setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  return left;
};
