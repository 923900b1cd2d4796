import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type FieldEntry, fieldText, splitCommaList, type TextContext } from './fields.ts';
import { RelationValue } from './relations.tsx';

export const formatDate = (value: string, kind: 'date' | 'datetime' | 'time'): string => {
  if (kind === 'time') return value.slice(0, 5);
  const parsed = dayjs(value);
  if (!parsed.isValid()) return value;
  return parsed.format(kind === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm');
};

/**
 * Status colours: done or on is green, waiting is gold, under review is blue, stopped or refused is red. antd's
 * preset tag texts fail WCAG AA on their tints, so the text takes the darkest shade of the same hue.
 */
const TONES = {
  green: '#135200',
  gold: '#613400',
  blue: '#002c8c',
  red: '#820014',
  orange: '#612500',
} as const;
type Tone = keyof typeof TONES;

const STATUS_TONES: Record<string, Tone> = {
  ACTIVE: 'green',
  APPROVE: 'green',
  COMPLETE: 'green',
  WAIT: 'gold',
  REQUEST: 'blue',
  INACTIVE: 'red',
  DENY: 'red',
  STOP: 'orange',
};

function ToneTag({ tone, children }: { tone?: Tone; children: React.ReactNode }) {
  return tone ? (
    <Tag color={tone} style={{ color: TONES[tone] }}>
      {children}
    </Tag>
  ) : (
    <Tag>{children}</Tag>
  );
}

export const useTextContext = (): TextContext => {
  const { t, i18n } = useTranslation();
  return { translate: (key, options) => t(key, options ?? {}), language: i18n.language, formatDate };
};

export const EMPTY = '–';

/** One field's value on a table cell or a show page. */
export function FieldValue({
  field,
  value,
  record,
  ids,
}: {
  field: FieldEntry;
  value: unknown;
  record?: Record<string, unknown>;
  /** For relations in a table: every id of the column on the page, fetched together. */
  ids?: readonly (string | number)[];
}) {
  const context = useTextContext();
  const { meta } = field;
  if (value === undefined || value === null || value === '') return <>{EMPTY}</>;
  switch (meta.kind) {
    case 'enum':
      return <ToneTag tone={STATUS_TONES[String(value)]}>{fieldText(field, value, record, context)}</ToneTag>;
    case 'flag':
      return <ToneTag tone={value ? 'green' : undefined}>{fieldText(field, value, record, context)}</ToneTag>;
    case 'commaList':
      return (
        <>
          {splitCommaList(value).map((part) => (
            <Tag key={part}>{part}</Tag>
          ))}
        </>
      );
    case 'relation':
      return meta.relation ? (
        <RelationValue field={field.name} relation={meta.relation} value={value} record={record} ids={ids} />
      ) : (
        String(value)
      );
    case 'file':
      return (
        <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer">
          {context.translate('crud.openFile')}
        </Typography.Link>
      );
    case 'longText':
      return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
    default:
      return <>{fieldText(field, value, record, context)}</>;
  }
}
