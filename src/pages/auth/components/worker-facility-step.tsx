import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorText } from '#src/kit/error-text.ts';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import { type PublicGym, searchGyms } from '#src/marketing/landing/explore/gym-search.ts';
import type { AuthApi } from '../auth-api.ts';
import { Alert, Button, Dialog } from './controls.tsx';

type WorkerFacilityStepProps = {
  api: Pick<AuthApi, 'askToJoin'>;
  /** Leaves the join page for HOME. */
  onFinish: () => void;
};

type Search =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'done'; query: string; gyms: PublicGym[] };

/** What the search found: each verified facility with its "ask to join" button, or why there is nothing. */
function SearchResults({ search, onRequest }: { search: Search; onRequest: (gym: PublicGym) => void }) {
  const { t } = useI18n();
  return search.state === 'failed' ? (
    <Alert type="error" message={t('join.worker.searchFailed')} />
  ) : search.state === 'loading' ? (
    <p className="fd-a-loading">{t('loading')}</p>
  ) : search.state === 'done' && search.gyms.length === 0 ? (
    <p className="fd-a-empty">{t('join.worker.noResults')}</p>
  ) : search.state === 'done' ? (
    <ul className="fd-a-list">
      {search.gyms.map((gym) => (
        <li key={gym.id}>
          <div>
            <p className="fd-a-list-title">{gym.name}</p>
            <p className="fd-a-list-description">{gym.address ?? t('join.worker.noAddress')}</p>
          </div>
          <Button aria-label={t('join.worker.requestFor', { name: gym.name })} onClick={() => onRequest(gym)}>
            {t('join.worker.request')}
          </Button>
        </li>
      ))}
    </ul>
  ) : null;
}

/**
 * The second step of the worker join: the new worker, now signed in, finds a verified facility through the public
 * search and asks to join its staff (a WAIT link that the representative approves, docs/rules.md#permissions).
 */
export function WorkerFacilityStep({ api, onFinish }: WorkerFacilityStepProps) {
  const { t, language } = useI18n();
  const resultsId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [confirming, setConfirming] = useState<PublicGym | null>(null);
  const [sending, setSending] = useState(false);
  const [requested, setRequested] = useState<PublicGym | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  const handleSearch = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const query = text.trim();
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearch({ state: 'loading' });
    searchGyms(query, { language, signal: controller.signal })
      .then(({ gyms }) => setSearch({ state: 'done', query, gyms }))
      .catch(() => {
        if (!controller.signal.aborted) setSearch({ state: 'failed' });
      });
  };

  const handleConfirm = async (): Promise<void> => {
    if (!confirming) return;
    setSending(true);
    try {
      await api.askToJoin(confirming.id);
      setRequested(confirming);
    } catch (failure) {
      setRequestError(errorText(failure, t, 'join.worker.requestFailed'));
    } finally {
      setSending(false);
      setConfirming(null);
    }
  };

  if (requested)
    return (
      <section className="fd-a-result" aria-labelledby={`${resultsId}-done`}>
        <span className="fd-a-result-icon" aria-hidden="true" />
        <h1 id={`${resultsId}-done`} className="fd-title">
          {t('join.worker.requestedTitle')}
        </h1>
        <p className="fd-subtitle">{t('join.worker.requested', { name: requested.name })}</p>
        <Button variant="primary" onClick={onFinish}>
          {t('join.worker.toHome')}
        </Button>
      </section>
    );

  return (
    <>
      <h1 className="fd-title">{t('join.worker.title')}</h1>
      <p className="fd-subtitle">{t('join.worker.description')}</p>
      <search>
        <form className="fd-a-search" onSubmit={handleSearch}>
          <span className="fd-a-input fd-a-input-middle">
            <input
              type="search"
              aria-label={t('join.worker.search')}
              placeholder={t('join.worker.search')}
              maxLength={100}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-controls={resultsId}
            />
          </span>
          <Button type="submit" variant="primary" loading={search.state === 'loading'}>
            {t('join.worker.searchButton')}
          </Button>
        </form>
      </search>
      {requestError && (
        <Alert type="error" message={t('join.worker.requestFailed')} description={requestError} />
      )}
      <section id={resultsId} aria-live="polite" aria-label={t('join.worker.results')}>
        <SearchResults
          search={search}
          onRequest={(gym) => {
            setRequestError(null);
            setConfirming(gym);
          }}
        />
      </section>
      <p className="fd-muted fd-after-form">
        <Button variant="link" onClick={onFinish}>
          {t('join.worker.skip')}
        </Button>
      </p>
      {confirming && (
        <Dialog
          title={t('join.worker.confirmTitle')}
          onCancel={() => setConfirming(null)}
          onOk={() => void handleConfirm()}
          okLoading={sending}
        >
          {t('join.worker.confirm', { name: confirming.name })}
        </Dialog>
      )}
    </>
  );
}
