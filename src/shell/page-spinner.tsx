import { useTranslate } from '@refinedev/core';
import { Spin } from 'antd';

export function PageSpinner() {
  const translate = useTranslate();
  return (
    <div className="fd-spinner" role="status" aria-live="polite">
      <Spin tip={translate('loading')}>
        <div style={{ width: 48, height: 48 }} />
      </Spin>
    </div>
  );
}
