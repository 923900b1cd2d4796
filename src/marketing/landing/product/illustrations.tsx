import type { ReactNode } from 'react';
import { formatNumber, numberFormat } from '../../format.ts';
import { useI18n } from '../../i18n-context.tsx';

// Live illustrations of FitDesk's own screens, drawn with HTML and CSS: nothing to download, sharp at any zoom,
// and in the visitor's language. Each is one image to assistive technology, described by its label.

function Window({ label, children }: { label: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="fd-m-shot" role="img" aria-label={label}>
      <div className="fd-m-shot-bar">
        <i />
        <i />
        <i />
        <span>{t('site.brand')}</span>
      </div>
      <div className="fd-m-shot-body">{children}</div>
    </div>
  );
}

const Bar = ({ width }: { width: number }) => <span className="fd-m-bar" style={{ width: `${width}%` }} />;

const WEEK = [42, 58, 51, 66, 73, 88, 47];

export function DashboardShot() {
  const { t, language } = useI18n();
  const number = (value: number) => formatNumber(value, language);
  // The same formatter as the prices, so the picture costs no formatter of its own.
  const revenue = numberFormat(language, {
    style: 'currency',
    currency: language === 'ko' ? 'KRW' : 'USD',
    maximumFractionDigits: 0,
  }).format(language === 'ko' ? 12_480_000 : 9420);
  return (
    <Window label={t('product.dashboard.alt')}>
      <div className="fd-m-shot-dash">
        <div className="fd-m-shot-panel">
          <b>{t('product.mock.facilities')}</b>
          {[
            ['active', 70],
            ['active', 55],
            ['review', 62],
          ].map(([status, width], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture.
            <div key={index} className="fd-m-shot-card">
              <em className={`fd-m-chip fd-m-chip-${status}`}>{t(`product.mock.${status}`)}</em>
              <Bar width={Number(width)} />
              <Bar width={40} />
            </div>
          ))}
        </div>
        <div className="fd-m-shot-main">
          <div className="fd-m-shot-stats">
            <p>
              <small>{t('product.mock.members')}</small>
              <strong>{number(248)}</strong>
            </p>
            <p>
              <small>{t('product.mock.checkIns')}</small>
              <strong>{number(63)}</strong>
            </p>
            <p>
              <small>{t('product.mock.revenue')}</small>
              <strong>{revenue}</strong>
            </p>
          </div>
          <div className="fd-m-shot-chart">
            <small>{t('product.mock.weekly')}</small>
            <svg viewBox="0 0 140 60" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              {WEEK.map((value, index) => (
                <rect
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture.
                  key={index}
                  x={index * 20 + 4}
                  y={60 - (value * 60) / 100}
                  width="12"
                  height={(value * 60) / 100}
                  rx="2"
                  fill={index === 5 ? '#0958d9' : '#91caff'}
                />
              ))}
            </svg>
          </div>
        </div>
      </div>
    </Window>
  );
}

const MEMBERS = [
  { pass: 'pt', left: 12, status: 'normal', width: 60 },
  { pass: 'monthly', left: 38, status: 'normal', width: 45 },
  { pass: 'pt', left: 3, status: 'stopped', width: 52 },
  { pass: 'monthly', left: 71, status: 'normal', width: 38 },
] as const;

export function CustomerShot() {
  const { t } = useI18n();
  return (
    <Window label={t('product.customer.alt')}>
      <div className="fd-m-shot-table">
        <div className="fd-m-shot-row fd-m-shot-row-head">
          <span>{t('product.mock.name')}</span>
          <span>{t('product.mock.pass')}</span>
          <span>{t('product.mock.sessionsLeft')}</span>
          <span>{t('product.mock.status')}</span>
        </div>
        {MEMBERS.map((member, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture.
          <div key={index} className="fd-m-shot-row">
            <span>
              <Bar width={member.width} />
            </span>
            <span>{t(`product.mock.${member.pass}`)}</span>
            <span>{member.left}</span>
            <span>
              <em className={`fd-m-chip fd-m-chip-${member.status === 'normal' ? 'active' : 'review'}`}>
                {t(`product.mock.${member.status}`)}
              </em>
            </span>
          </div>
        ))}
      </div>
    </Window>
  );
}

/** Carbohydrate, protein, fat as shares of a day's energy: the ring's arcs. */
const MACROS = [
  { key: 'carbs', share: 50, grams: 205, color: '#0958d9' },
  { key: 'protein', share: 30, grams: 123, color: '#13a8a8' },
  { key: 'fat', share: 20, grams: 36, color: '#d48806' },
] as const;

export function NutritionShot() {
  const { t } = useI18n();
  const circumference = 2 * Math.PI * 15.9155;
  let offset = 0;
  return (
    <Window label={t('product.nutrition.alt')}>
      <div className="fd-m-shot-nutrition">
        <div className="fd-m-shot-ring">
          <svg viewBox="0 0 42 42" aria-hidden="true" focusable="false">
            {MACROS.map((macro) => {
              const length = (macro.share / 100) * circumference;
              const arc = (
                <circle
                  key={macro.key}
                  cx="21"
                  cy="21"
                  r="15.9155"
                  fill="none"
                  stroke={macro.color}
                  strokeWidth="5"
                  strokeDasharray={`${length} ${circumference - length}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 21 21)"
                />
              );
              offset += length;
              return arc;
            })}
          </svg>
          <ul>
            {MACROS.map((macro) => (
              <li key={macro.key}>
                <i style={{ background: macro.color }} />
                {t('product.mock.macro', { name: t(`product.mock.${macro.key}`), grams: macro.grams })}
              </li>
            ))}
          </ul>
        </div>
        <div className="fd-m-shot-meals">
          <b>{t('product.mock.today')}</b>
          {(['breakfast', 'lunch', 'dinner'] as const).map((meal, index) => (
            <p key={meal}>
              <span>{t(`product.mock.${meal}`)}</span>
              <Bar width={[55, 80, 65][index] ?? 50} />
            </p>
          ))}
        </div>
      </div>
    </Window>
  );
}

export function SurveyShot() {
  const { t } = useI18n();
  return (
    <Window label={t('product.survey.alt')}>
      <div className="fd-m-shot-survey">
        <div className="fd-m-shot-question">
          <b>{t('product.mock.question1')}</b>
          {(['option1', 'option2', 'option3'] as const).map((option, index) => (
            <p key={option}>
              <i className={index === 1 ? 'fd-m-radio fd-m-radio-on' : 'fd-m-radio'} />
              {t(`product.mock.${option}`)}
            </p>
          ))}
        </div>
        <div className="fd-m-shot-question">
          <b>{t('product.mock.question2')}</b>
          <Bar width={70} />
          <Bar width={55} />
        </div>
        <span className="fd-m-shot-add">{t('product.mock.addQuestion')}</span>
      </div>
    </Window>
  );
}
