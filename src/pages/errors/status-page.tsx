import { Result, type ResultProps } from 'antd';
import { type ReactNode, useId } from 'react';

export type StatusPageProps = {
  status: ResultProps['status'];
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Alone on the screen (no shell around it): it is then the page's main landmark and fills the viewport. */
  fullScreen?: boolean;
};

/** The centred message of the guard, unavailable and error pages, with the title as the page's heading. */
export function StatusPage({ status, title, description, actions, fullScreen = false }: StatusPageProps) {
  const headingId = useId();
  const result = (
    <Result
      status={status}
      title={
        <h1 id={headingId} style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>
          {title}
        </h1>
      }
      subTitle={description}
      extra={actions}
    />
  );
  // Inside the shell a <main> already exists; a second one would be a duplicate landmark.
  return fullScreen ? (
    <main className="fd-centered" aria-labelledby={headingId}>
      {result}
    </main>
  ) : (
    <section aria-labelledby={headingId} style={{ padding: '48px 16px' }}>
      {result}
    </section>
  );
}
