import type { ReactNode } from 'react';

/** A landing section: a region named by its heading, so it can be found by role and name. */
export function Section({
  id,
  title,
  text,
  alt = false,
  badge,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  /** The tinted background, to separate neighbours. */
  alt?: boolean;
  badge?: string;
  children?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={alt ? 'fd-m-section fd-m-section-alt' : 'fd-m-section'}
    >
      <div className="fd-m-container">
        <div className="fd-m-section-head">
          <h2 id={`${id}-title`}>
            {title}
            {badge && <span className="fd-m-badge">{badge}</span>}
          </h2>
          {text && <p>{text}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
