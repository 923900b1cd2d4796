import { LogoutOutlined } from '@ant-design/icons';
import { useLogout, useTranslate } from '@refinedev/core';
import { Button, Result } from 'antd';

/** The console is the operator's alone; the server refuses its calls to anyone else as well. */
export function AccessDenied() {
  const translate = useTranslate();
  const { mutate: logout, isPending } = useLogout();
  return (
    <main className="fd-centered">
      <Result
        status="403"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{translate('admin.noAccess')}</h1>}
        subTitle={translate('admin.noAccessHint')}
        extra={
          <Button type="primary" icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
            {translate('buttons.logout')}
          </Button>
        }
      />
    </main>
  );
}
