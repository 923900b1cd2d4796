import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Modal, Select } from 'antd';
import { useState } from 'react';
import { customerListRoute, customerPassesRoute } from '#domain/api/customer.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { SellDrawer } from '../customers/sell-drawer.tsx';
import { passKeys } from './pass-api.ts';

/** Selling from the sold-pass list: pick the customer, then the same sell drawer as on the customer page. */
export function SellFromList({ gymId, onSold }: { gymId: number; onSold: () => void }) {
  const translate = useTranslate();
  const [picking, setPicking] = useState(false);
  const [search, setSearch] = useState('');
  const [memberId, setMemberId] = useState<number | null>(null);
  const [customer, setCustomer] = useState<{ name: string; phone: string } | undefined>();
  const candidates = useContract(
    customerListRoute,
    { query: { gymId, segment: 'all', days: 7, q: search || undefined, _start: 0, _end: 20 } },
    { queryKey: ['customers', 'sell-candidates', gymId, search], enabled: picking },
  );
  const passes = useContract(
    customerPassesRoute,
    { params: { id: memberId ?? 0 }, query: { gymId } },
    { queryKey: passKeys['of-customer'](gymId, memberId), enabled: memberId !== null },
  );
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
        {translate('passes.sell.open')}
      </Button>
      <Modal
        open={picking}
        title={translate('passes.sell.pickCustomer')}
        footer={null}
        onCancel={() => setPicking(false)}
        destroyOnHidden
      >
        <Select
          showSearch
          autoFocus
          style={{ width: '100%' }}
          aria-label={translate('passes.sell.pickCustomer')}
          filterOption={false}
          onSearch={setSearch}
          loading={candidates.isFetching}
          onChange={(id: number) => {
            const chosen = candidates.data?.find((c) => c.id === id);
            setCustomer(chosen ? { name: chosen.name, phone: chosen.phone } : undefined);
            setMemberId(id);
            setPicking(false);
          }}
          options={(candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }))}
        />
      </Modal>
      {memberId !== null && passes.data && (
        <SellDrawer
          gymId={gymId}
          memberId={memberId}
          customer={customer}
          passes={passes.data}
          onClose={() => setMemberId(null)}
          onSold={() => {
            setMemberId(null);
            onSold();
          }}
        />
      )}
    </>
  );
}
