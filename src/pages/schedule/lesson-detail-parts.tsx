import { StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import type { LessonDetail } from '#domain/schemas/schedule.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { lessonWhen } from './lesson-detail-model.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The title and tags, the book and cancel-lesson buttons, and a cancelled lesson's reason. */
export function LessonHead({
  lesson: l,
  full,
  canChange,
  bookable,
  onBook,
  onCancelLesson,
}: {
  lesson: LessonDetail;
  full: boolean;
  canChange: boolean;
  bookable: boolean;
  onBook: () => void;
  onCancelLesson: () => void;
}) {
  const translate = useTranslate();
  const open = l.status === 'OPEN';
  return (
    <>
      <div className="fd-members-head">
        <Space wrap align="center">
          <Typography.Title level={1} className="fd-page-title fd-lesson-title">
            {l.title}
          </Typography.Title>
          <Tag color={open ? 'blue' : 'red'}>{translate(`lessons.lessonStatus.${l.status}`)}</Tag>
          {open && full && <Tag>{translate('lessons.detail.full')}</Tag>}
        </Space>
        {canChange && open && (
          <Space wrap>
            {bookable && (
              <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={onBook}>
                {translate(full ? 'lessons.book.openWaitlist' : 'lessons.book.open')}
              </Button>
            )}
            <Button danger icon={<StopOutlined aria-hidden />} onClick={onCancelLesson}>
              {translate('lessons.cancelLesson.open')}
            </Button>
          </Space>
        )}
      </div>
      {!open && (
        <Alert
          type="warning"
          showIcon
          message={translate('lessons.detail.cancelled')}
          description={
            l.cancelReason ? translate('lessons.detail.cancelReason', { reason: l.cancelReason }) : null
          }
        />
      )}
    </>
  );
}

/** The lesson's facts: when, trainer, room, type, bookings, waitlist and state. */
export function LessonFacts({ lesson: l }: { lesson: LessonDetail }) {
  const translate = useTranslate();
  const notSet = translate('lessons.detail.notSet');
  return (
    <SectionCard title={translate('lessons.detail.details')}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={translate('lessons.detail.when')}>
          <span className="fd-nowrap">
            {lessonWhen(
              l.startAt,
              l.endAt,
              WEEKDAYS.map((d) => translate(`schedule.weekdays.${d}`)),
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={translate('lessons.detail.trainer')}>
          {l.trainerName ?? notSet}
        </Descriptions.Item>
        <Descriptions.Item label={translate('lessons.detail.room')}>{l.room || notSet}</Descriptions.Item>
        <Descriptions.Item label={translate('lessons.detail.type')}>
          {translate(`schedule.lessonType.${l.lessonType}`)}
          {l.seriesId !== null && (
            <Tag className="fd-lesson-series">{translate('lessons.detail.recurring')}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={translate('lessons.detail.booked')}>
          {translate('lessons.detail.bookedValue', { booked: l.booked, capacity: l.capacity })}
        </Descriptions.Item>
        <Descriptions.Item label={translate('lessons.detail.waiting')}>{l.waiting}</Descriptions.Item>
        <Descriptions.Item label={translate('lessons.detail.status')}>
          {translate(`lessons.lessonStatus.${l.status}`)}
        </Descriptions.Item>
      </Descriptions>
    </SectionCard>
  );
}
