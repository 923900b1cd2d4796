import { useTranslate } from '@refinedev/core';
import { App, Button, Result, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { hasRight } from '#domain/permissions.ts';
import type { LockerRental, LockerTile } from '#domain/schemas/locker.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { LayoutEditor } from './layout-editor.tsx';
import { useLockerMap, useRefreshLockers } from './locker-api.ts';
import { LockerDialog } from './locker-dialog.tsx';
import { LockerMapView } from './locker-map.tsx';
import { CombinationModal, RentDrawer } from './rent-drawer.tsx';
import { RentalDrawer } from './rental-drawer.tsx';
import { RentalList } from './rental-lists.tsx';
import '../customers/members.css';
import './lockers.css';

type TabKey = 'map' | 'expiring' | 'expired' | 'layout';

/** The map tab: the rooms and banks, a skeleton while they load, or why they could not, with a retry. */
function MapTab({
  map,
  canChange,
  onOpen,
  onOpenLayout,
}: {
  map: ReturnType<typeof useLockerMap>;
  canChange: boolean;
  onOpen: (tile: LockerTile) => void;
  onOpenLayout: () => void;
}) {
  const translate = useTranslate();
  if (map.isError)
    return (
      <Result
        status="warning"
        title={translate('lockers.map.loadFailed')}
        subTitle={errorText(map.error, translate)}
        extra={
          <Button type="primary" onClick={() => void map.refetch()}>
            {translate('lockers.retry')}
          </Button>
        }
      />
    );
  if (!map.data) return <Skeleton active />;
  return <LockerMapView map={map.data} canChange={canChange} onOpen={onOpen} onOpenLayout={onOpenLayout} />;
}

/**
 * `/locker` (issue 14): the facility's lockers as a map of rooms and banks, renting a free locker, a rental's
 * renewal, move and end, the rentals expiring soon or expired and not returned, and the layout editor. Staff who
 * only read (memberUseYn) see the map, the lists and the rentals; changes need memberSettingYn.
 */
export function LockerPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { selected, gymAuth, rights } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  // A rental is a sale: renting, renewing and ending (the deposit back) take the payment right too
  // (docs/rules.md#permissions).
  const canSell = canChange && Boolean(rights && hasRight(rights, 'payHistorySettingYn'));
  const map = useLockerMap(gymId);
  const refresh = useRefreshLockers();
  const [tab, setTab] = useState<TabKey>('map');
  const [renting, setRenting] = useState<LockerTile | null>(null);
  const [rentalId, setRentalId] = useState<number | null>(null);
  const [locker, setLocker] = useState<LockerTile | null>(null);
  const [shown, setShown] = useState<{ label: string; combination: string } | null>(null);

  const openTile = (tile: LockerTile) => {
    if (tile.rentalId !== null) setRentalId(tile.rentalId);
    else if (tile.state === 'FREE' && canSell) setRenting(tile);
    else setLocker(tile);
  };
  const freeLockers = (map.data?.lockers ?? []).filter((l) => l.state === 'FREE');

  const items = [
    {
      key: 'map',
      label: translate('lockers.tabs.map'),
      children: (
        <MapTab map={map} canChange={canChange} onOpen={openTile} onOpenLayout={() => setTab('layout')} />
      ),
    },
    {
      key: 'expiring',
      label: translate('lockers.tabs.expiring'),
      children: <RentalList gymId={gymId} view="expiring" onOpen={(r) => setRentalId(r.id)} />,
    },
    {
      key: 'expired',
      label: translate('lockers.tabs.expired'),
      children: <RentalList gymId={gymId} view="expired" onOpen={(r) => setRentalId(r.id)} />,
    },
    ...(canChange
      ? [
          {
            key: 'layout',
            label: translate('lockers.tabs.layout'),
            children: map.data ? (
              <LayoutEditor gymId={gymId} map={map.data} onChanged={refresh} />
            ) : (
              <Skeleton active />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="fd-members-page fd-locker-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('lockers.title')}
        </Typography.Title>
      </div>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} items={items} />
      {renting && (
        <RentDrawer
          gymId={gymId}
          tile={renting}
          onClose={() => setRenting(null)}
          onMarkBroken={() => {
            setLocker(renting);
            setRenting(null);
          }}
          onRented={(rental: LockerRental, combination) => {
            setRenting(null);
            refresh();
            message.success(translate('lockers.rent.done', { label: rental.lockerLabel }));
            if (combination) setShown({ label: rental.lockerLabel, combination });
          }}
        />
      )}
      {shown && (
        <CombinationModal
          label={shown.label}
          combination={shown.combination}
          onClose={() => setShown(null)}
        />
      )}
      {rentalId !== null && (
        <RentalDrawer
          gymId={gymId}
          rentalId={rentalId}
          canChange={canChange}
          canSell={canSell}
          freeLockers={freeLockers}
          onClose={() => setRentalId(null)}
          onChanged={(rental) => {
            refresh();
            setRentalId(rental.id);
          }}
        />
      )}
      {locker && (
        <LockerDialog
          gymId={gymId}
          tile={locker}
          canChange={canChange}
          onClose={() => setLocker(null)}
          onSaved={() => {
            setLocker(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
