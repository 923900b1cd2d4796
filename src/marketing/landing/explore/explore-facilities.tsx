import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Section } from '../../components/section.tsx';
import { useI18n } from '../../i18n-context.tsx';
import { GymSearchError, type GymSearchResult, searchGyms } from './gym-search.ts';

type SearchState =
  | { kind: 'idle' }
  | { kind: 'required' }
  | { kind: 'searching'; query: string }
  | { kind: 'done'; query: string; result: GymSearchResult }
  | { kind: 'failed'; error: GymSearchError };

/**
 * Explore facilities (docs/rules.md#public-pages): the public search of verified (ACTIVE) facilities by name.
 */
export function ExploreFacilities() {
  const { t, language } = useI18n();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const keyword = query.trim();
    pending.current?.abort();
    if (keyword === '') {
      setState({ kind: 'required' });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setState({ kind: 'searching', query: keyword });
    searchGyms(keyword, { language, signal: controller.signal })
      .then((result) => setState({ kind: 'done', query: keyword, result }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'failed',
          error:
            error instanceof GymSearchError
              ? error
              : new GymSearchError({ code: 'NETWORK', statusCode: 0 }, ''),
        });
      });
  };

  const failureText = (error: GymSearchError): string => {
    const { code, retryAfter } = error.failure;
    if (code === 'RATE_LIMITED') return t('explore.errors.RATE_LIMITED', { seconds: retryAfter ?? 60 });
    if (code === 'NETWORK' || code === 'TIMEOUT') return t(`explore.errors.${code}`);
    return t('explore.errors.other');
  };

  return (
    <Section id="explore" title={t('explore.title')} text={t('explore.text')} alt>
      <search className="fd-m-search">
        <form onSubmit={handleSubmit} noValidate>
          <label htmlFor={inputId}>{t('explore.label')}</label>
          <div className="fd-m-search-row">
            <input
              id={inputId}
              type="search"
              name="q"
              value={query}
              maxLength={100}
              autoComplete="off"
              placeholder={t('explore.placeholder')}
              aria-describedby={`${inputId}-note`}
              onChange={(event) => setQuery(event.target.value)}
            />
            <button type="submit" className="fd-m-button" disabled={state.kind === 'searching'}>
              {state.kind === 'searching' ? t('explore.searching') : t('explore.submit')}
            </button>
          </div>
          <p id={`${inputId}-note`} className="fd-m-note">
            {t('explore.note')}
          </p>
        </form>
      </search>
      <div className="fd-m-search-results" aria-live="polite">
        {state.kind === 'required' && <p className="fd-m-status">{t('explore.required')}</p>}
        {state.kind === 'failed' && (
          <p className="fd-m-status fd-m-status-error" role="alert">
            {failureText(state.error)}
          </p>
        )}
        {state.kind === 'done' && state.result.gyms.length === 0 && (
          <p className="fd-m-status">{t('explore.empty', { query: state.query })}</p>
        )}
        {state.kind === 'done' && state.result.gyms.length > 0 && (
          <>
            <p className="fd-m-status">
              {t('explore.results', { count: state.result.total, query: state.query })}
              {state.result.total > state.result.gyms.length &&
                ` ${t('explore.more', { shown: state.result.gyms.length })}`}
            </p>
            <ul className="fd-m-gyms" aria-label={t('explore.title')}>
              {state.result.gyms.map((gym) => (
                <li key={gym.id} className="fd-m-card">
                  <h3>{gym.name}</h3>
                  <p>{gym.address ?? t('explore.noAddress')}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Section>
  );
}
