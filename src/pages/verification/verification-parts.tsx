import { useTranslate } from '@refinedev/core';
import { Radio, Typography } from 'antd';

type ChoiceGroupProps = {
  id?: string;
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  options: { value: string; label: string }[];
};

/**
 * antd's Radio.Group is a bare div: the aria-* that Form.Item adds (required, invalid, describedby) are not allowed
 * there. This wraps it in a named radiogroup that may carry them.
 */
export function ChoiceGroup({ id, label, value, onChange, options, ...aria }: ChoiceGroupProps) {
  return (
    <div role="radiogroup" id={id} aria-label={label} {...aria}>
      <Radio.Group
        optionType="button"
        value={value}
        onChange={(event) => onChange?.(event.target.value as string)}
        options={options}
      />
    </div>
  );
}

export function SuccessText() {
  const translate = useTranslate();
  return (
    <>
      <Typography.Paragraph strong>{translate('verification.success.body')}</Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {translate('verification.success.review')}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {translate('verification.success.notice')}
      </Typography.Paragraph>
    </>
  );
}
