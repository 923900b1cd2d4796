import { useCustomMutation, useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, List, Result, Skeleton } from 'antd';
import { useId, useState } from 'react';
import { useFacility } from '#src/facility/facility-context.tsx';
import { type PublicGym, searchGyms } from '#src/marketing/landing/explore/gym-search.ts';
import { API_BASE } from '#src/providers/http-client.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { useModal } from '#src/shell/modal/use-modal.ts';

type WorkerFacilityStepProps = {
  /** Leaves the join page for HOME. */
  onFinish: () => void;
};

/**
 * The second step of the worker join (issue 6 point 5): the new worker, now signed in, finds a verified facility
 * through the public search and asks to join its staff (a WAIT link that the representative approves).
 */
export function WorkerFacilityStep({ onFinish }: WorkerFacilityStepProps) {
  const translate = useTranslate();
  const language = useGetLocale()() ?? 'en';
  const modal = useModal();
  const { refresh } = useFacility();
  const resultsId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [requested, setRequested] = useState<PublicGym | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const { mutateAsync: askToJoin } = useCustomMutation();

  const search = useQuery({
    queryKey: ['join', 'gym-search', query],
    queryFn: ({ signal }) => searchGyms(query ?? '', { language, signal }),
    enabled: query !== null,
  });

  const handleRequest = (gym: PublicGym): void => {
    setRequestError(null);
    modal.open({
      type: 'CONFIRM',
      title: translate('join.worker.confirmTitle'),
      children: translate('join.worker.confirm', { name: gym.name }),
      handleConfirm: async () => {
        try {
          await askToJoin({
            url: `${API_BASE}/gym-member/worker`,
            method: 'post',
            values: { gymId: gym.id },
            successNotification: false,
            errorNotification: false,
          });
          // HOME reads the member's links: the pending request shows there.
          await refresh();
          setRequested(gym);
        } catch (failure) {
          setRequestError(isHttpError(failure) ? failure.message : translate('join.worker.requestFailed'));
        }
      },
    });
  };

  if (requested)
    return (
      <Result
        status="success"
        title={translate('join.worker.requestedTitle')}
        subTitle={translate('join.worker.requested', { name: requested.name })}
        extra={
          <Button type="primary" onClick={onFinish}>
            {translate('join.worker.toHome')}
          </Button>
        }
      />
    );

  const gyms = search.data?.gyms ?? [];
  return (
    <>
      <h1 className="fd-title">{translate('join.worker.title')}</h1>
      <p className="fd-subtitle">{translate('join.worker.description')}</p>
      <Input.Search
        aria-label={translate('join.worker.search')}
        placeholder={translate('join.worker.search')}
        enterButton={translate('join.worker.searchButton')}
        maxLength={100}
        allowClear
        loading={search.isFetching}
        onSearch={(value) => setQuery(value.trim())}
        aria-controls={resultsId}
      />
      {requestError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          message={translate('join.worker.requestFailed')}
          description={requestError}
        />
      )}
      <section id={resultsId} aria-live="polite" aria-label={translate('join.worker.results')}>
        {search.isError ? (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            message={translate('join.worker.searchFailed')}
          />
        ) : search.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ marginTop: 16 }} />
        ) : query !== null && gyms.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate('join.worker.noResults')} />
        ) : gyms.length > 0 ? (
          <List<PublicGym>
            style={{ marginTop: 16 }}
            dataSource={gyms}
            rowKey="id"
            renderItem={(gym) => (
              <List.Item
                actions={[
                  <Button
                    key="request"
                    aria-label={translate('join.worker.requestFor', { name: gym.name })}
                    onClick={() => handleRequest(gym)}
                  >
                    {translate('join.worker.request')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={gym.name}
                  description={gym.address ?? translate('join.worker.noAddress')}
                />
              </List.Item>
            )}
          />
        ) : null}
      </section>
      <p className="fd-muted fd-after-form">
        <Button type="link" onClick={onFinish}>
          {translate('join.worker.skip')}
        </Button>
      </p>
    </>
  );
}
