import { Tag } from 'antd';
import type { ReactNode } from 'react';

// Tags in colours that keep WCAG AA contrast (antd's green and gold presets do not), as the settings pages do.
export type Tone = 'neutral' | 'info' | 'good' | 'bad' | 'warn' | 'accent';

const TONES: Record<Tone, { color: string; background: string }> = {
  neutral: { color: '#434343', background: '#f0f0f0' },
  info: { color: '#003eb3', background: '#e6f4ff' },
  good: { color: '#135200', background: '#f6ffed' },
  bad: { color: '#a8071a', background: '#fff1f0' },
  warn: { color: '#873800', background: '#fff7e6' },
  accent: { color: '#391085', background: '#f9f0ff' },
};

export function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Tag bordered={false} style={{ ...TONES[tone], fontWeight: 500 }}>
      {children}
    </Tag>
  );
}
