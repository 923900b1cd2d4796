import { CreditCardOutlined, HomeOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Menu, type MenuProps, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isUnder } from '#domain/routes.ts';
import { useFacility } from '../facility/facility-context.tsx';
import { useAccessContext } from './access-context-sync.tsx';
import { consultingUrl, type MenuEntry, RAIL, visibleMenu } from './menu-model.ts';

const RAIL_ICONS: Record<(typeof RAIL)[number]['key'], ReactNode> = {
  home: <HomeOutlined />,
  paymentMethod: <CreditCardOutlined />,
  profile: <UserOutlined />,
};

/** docs/rules.md#app-shell: the 50 px icon rail of HOME, PAYMENT_METHOD and PROFILE. */
export function IconRail() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <nav className="fd-rail" aria-label={translate('shell.menu.label')}>
      {RAIL.map((item) => {
        const label = item.to
          ? translate(item.labelKey)
          : `${translate(item.labelKey)} (${translate('shell.soon')})`;
        return (
          <Tooltip key={item.key} title={label} placement="right">
            {item.to ? (
              <Link
                to={item.to}
                className="fd-rail-item"
                aria-label={label}
                aria-current={isUnder(pathname, item.to) ? 'page' : undefined}
              >
                {RAIL_ICONS[item.key]}
              </Link>
            ) : (
              // A disabled button gets no pointer events; the span carries the tooltip.
              <span>
                <button
                  type="button"
                  className="fd-rail-item fd-rail-item-disabled"
                  disabled
                  aria-label={label}
                >
                  {RAIL_ICONS[item.key]}
                </button>
              </span>
            )}
          </Tooltip>
        );
      })}
    </nav>
  );
}

/**
 * docs/rules.md#app-shell: the 200 px menu: the facility name and the accordion of the member's pages. In the
 * phone's drawer (`drawer`) it also lists the icon rail's pages, with their names.
 */
export function SideMenu({ drawer = false }: { drawer?: boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { selected } = useFacility();
  const groups = visibleMenu(useAccessContext()).filter((group) => group.entries.length > 0);
  // The most specific entry: /setting/gym/permission is "Permission sets", not "Facility settings".
  const current = groups
    .flatMap((g) => g.entries)
    .filter((entry) => entry.to && isUnder(pathname, entry.to))
    .sort((a, b) => (b.to?.length ?? 0) - (a.to?.length ?? 0))[0];
  const currentGroup = current ? groups.find((g) => g.entries.includes(current))?.key : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    // The drawer opens only the current page's group; the side menu, the first when none is current.
    [currentGroup ?? (drawer ? '' : (groups[0]?.key ?? ''))],
  );
  // The menu follows the page: once the rights have loaded (the groups are empty before), and after a link that
  // leads into another group, the current page's group is the one open.
  const [openedFor, setOpenedFor] = useState(currentGroup);
  if (currentGroup !== undefined && currentGroup !== openedFor) {
    setOpenedFor(currentGroup);
    setOpenKeys([currentGroup]);
  }

  const labelOf = (entry: MenuEntry): ReactNode => {
    const label = translate(entry.labelKey);
    if (!entry.to) {
      return (
        <span>
          {label} <Tag className="fd-soon">{translate('shell.soon')}</Tag>
        </span>
      );
    }
    if (entry.newWindow) {
      if (!selected) return label;
      return (
        <a href={consultingUrl(selected.id)} target="_blank" rel="noopener">
          {label}
        </a>
      );
    }
    return <Link to={entry.to}>{label}</Link>;
  };

  const railItems: MenuProps['items'] = drawer
    ? RAIL.map((item) => ({
        key: `rail-${item.key}`,
        icon: RAIL_ICONS[item.key],
        disabled: !item.to,
        label: item.to ? (
          <Link to={item.to}>{translate(item.labelKey)}</Link>
        ) : (
          <span>
            {translate(item.labelKey)} <Tag className="fd-soon">{translate('shell.soon')}</Tag>
          </span>
        ),
      }))
    : [];
  const railCurrent = drawer ? RAIL.find((item) => item.to && pathname === item.to) : undefined;

  const groupItems: MenuProps['items'] = groups.map((group) => ({
    key: group.key,
    label: translate(group.labelKey),
    children: group.entries.map((entry) => ({
      key: entry.key,
      label: labelOf(entry),
      disabled: !entry.to || (entry.newWindow && !selected),
    })),
  }));
  const items: MenuProps['items'] = [...railItems, ...groupItems];

  // An accordion: one group open at a time.
  const handleOpenChange = (keys: string[]): void => setOpenKeys(keys.slice(-1));

  return (
    <nav className={drawer ? 'fd-drawer-menu' : 'fd-side-menu'} aria-label={translate('shell.menu.label')}>
      <div className="fd-side-menu-facility" title={selected?.name}>
        {selected?.name ?? translate('shell.noFacility')}
      </div>
      <Menu
        mode="inline"
        items={items}
        openKeys={openKeys}
        onOpenChange={handleOpenChange}
        selectedKeys={railCurrent ? [`rail-${railCurrent.key}`] : current ? [current.key] : []}
        inlineIndent={16}
      />
    </nav>
  );
}
