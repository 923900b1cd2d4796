import { useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  productDeleteRoute,
  productGetRoute,
  productMovementListRoute,
  productUpdateRoute,
} from '#domain/api/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { ProductDetail } from '#domain/schemas/product.ts';
import { useContract, useContractList, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { collectPages } from '../reservations/reservation-csv.ts';
import { productKeys } from './product-api.ts';
import { movementCsv } from './product-model.ts';

export const MOVEMENTS_PAGE_SIZE = 20;

/** A desk product, a page of its stock movements, and its stop, delete and CSV export. */
export const useProductInfo = (gymId: number, id: number, page: number) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const product = useContract(
    productGetRoute,
    { params: { id }, query: { gymId } },
    {
      queryKey: productKeys.one(gymId, id),
      enabled: id > 0 && gymId > 0,
      retry: false,
      meta: { silent: true },
    },
  );
  const movements = useContractList(
    productMovementListRoute,
    {
      params: { id },
      query: { gymId, _start: (page - 1) * MOVEMENTS_PAGE_SIZE, _end: page * MOVEMENTS_PAGE_SIZE },
    },
    {
      queryKey: productKeys.movements(gymId, id, page),
      enabled: id > 0 && gymId > 0 && product.isSuccess,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );

  const stop = useContractMutation(productUpdateRoute, {
    meta: { silent: true },
    input: (p: ProductDetail) => ({
      params: { id: p.id },
      query: { gymId },
      body: {
        name: p.name,
        groupId: p.groupId,
        price: p.price,
        vatMode: p.vatMode,
        lowStockAt: p.lowStockAt,
        memo: p.memo,
        status: p.status === 'ACTIVE' ? ('INACTIVE' as const) : ('ACTIVE' as const),
      },
    }),
    invalidates: [productKeys.all],
    onSuccess: (saved) => {
      message.success(
        translate(saved.status === 'ACTIVE' ? 'products.info.resumed' : 'products.info.stopped'),
      );
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  const remove = useContractMutation<typeof productDeleteRoute, void>(productDeleteRoute, {
    meta: { silent: true },
    input: () => ({ params: { id }, query: { gymId } }),
    invalidates: [productKeys.all],
    onSuccess: () => {
      message.success(translate('products.info.deleted'));
      navigate('/product/manage');
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  const exportCsv = async (p: ProductDetail) => {
    setExporting(true);
    try {
      const { rows } = await collectPages((start, end) =>
        api.list(productMovementListRoute, { params: { id }, query: { gymId, _start: start, _end: end } }),
      );
      saveBlob(
        new Blob([movementCsv(rows, translate)], { type: 'text/csv;charset=utf-8' }),
        `${p.name}-${translate('products.movements.fileName')}-${seoulToday(new Date())}.csv`,
      );
    } catch {
      message.error(translate('products.csv.failed'));
    } finally {
      setExporting(false);
    }
  };

  return { product, movements, stop, remove, exporting, exportCsv };
};

export type ProductInfo = ReturnType<typeof useProductInfo>;
