import { Card, type CardProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * A titled block of a page: an antd card whose title is a level-2 heading. With `headingId` the card is a named
 * region (the heading labels it), as the profile's cards are; the settings cards are plain sections.
 */
export function SectionCard({
  title,
  titleClassName = 'fd-settings-card-title',
  headingId,
  extra,
  className,
  children,
}: {
  title: ReactNode;
  titleClassName?: string;
  headingId?: string;
  extra?: CardProps['extra'];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card
      role={headingId ? 'region' : undefined}
      aria-labelledby={headingId}
      title={
        <h2 id={headingId} className={titleClassName}>
          {title}
        </h2>
      }
      extra={extra}
      className={className}
    >
      {children}
    </Card>
  );
}
