import { useTranslate } from '@refinedev/core';
import { Space } from 'antd';
import { NavLink } from 'react-router';
import { ADMIN_BASE, ownerResources } from './registry.ts';
import { useIsOperator } from './use-is-operator.ts';

/** Links to the owner screens (and the operator console for an operator), until the shell brings a side menu. */
export function ResourceNav() {
  const translate = useTranslate();
  const operator = useIsOperator();
  return (
    <nav aria-label={translate('crud.navigation')}>
      <Space wrap size="middle">
        {ownerResources.flatMap(({ declaration, routes }) =>
          routes.list
            ? [
                <NavLink key={declaration.name} to={routes.list}>
                  {translate(`${declaration.name}.titles.list`)}
                </NavLink>,
              ]
            : [],
        )}
        {operator && <NavLink to={ADMIN_BASE}>{translate('admin.title')}</NavLink>}
      </Space>
    </nav>
  );
}
