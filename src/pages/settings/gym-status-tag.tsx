import { useTranslate } from '@refinedev/core';
import { Tag } from 'antd';
import type { GymMemberStatus, GymStatus, GymSubServiceStatus } from '#domain/enums.ts';

// Status badges in colours that keep WCAG AA contrast (antd's preset tags do not).
type Tone = 'neutral' | 'info' | 'good' | 'bad' | 'closed';

const TONES: Record<Tone, { color: string; background: string }> = {
  neutral: { color: '#434343', background: '#f0f0f0' },
  info: { color: '#003eb3', background: '#e6f4ff' },
  good: { color: '#135200', background: '#f6ffed' },
  bad: { color: '#a8071a', background: '#fff1f0' },
  closed: { color: '#fff', background: '#595959' },
};

const GYM_TONES: Record<GymStatus, Tone> = {
  WAIT: 'neutral',
  REQUEST: 'info',
  ACTIVE: 'good',
  INACTIVE: 'bad',
  QUIT: 'closed',
};
const MEMBER_TONES: Record<GymMemberStatus, Tone> = {
  WAIT: 'info',
  ACTIVE: 'good',
  INACTIVE: 'bad',
  QUIT: 'closed',
};
const SUB_SERVICE_TONES: Record<GymSubServiceStatus, Tone> = {
  WAIT: 'info',
  APPROVE: 'good',
  DENY: 'bad',
  CANCEL: 'closed',
};

function ToneTag({ tone, children }: { tone: Tone; children: string }) {
  return (
    <Tag bordered={false} style={{ ...TONES[tone], fontWeight: 500 }}>
      {children}
    </Tag>
  );
}

export function GymStatusTag({ status }: { status: GymStatus }) {
  const translate = useTranslate();
  return <ToneTag tone={GYM_TONES[status]}>{translate(`enums.gymStatus.${status}`)}</ToneTag>;
}

export function GymMemberStatusTag({ status }: { status: GymMemberStatus }) {
  const translate = useTranslate();
  return <ToneTag tone={MEMBER_TONES[status]}>{translate(`enums.gymMemberStatus.${status}`)}</ToneTag>;
}

export function SubServiceStatusTag({ status }: { status: GymSubServiceStatus }) {
  const translate = useTranslate();
  return (
    <ToneTag tone={SUB_SERVICE_TONES[status]}>{translate(`enums.gymSubServiceStatus.${status}`)}</ToneTag>
  );
}
