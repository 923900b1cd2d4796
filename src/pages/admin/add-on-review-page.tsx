import { useTranslate } from '@refinedev/core';
import { ResourceList } from '../../resources/generic/resource-list.tsx';
import { findResource } from '../../resources/registry.ts';
import { ConfirmStatusButton } from './review-actions.tsx';

/** Add-on subscriptions waiting for the operator (gymSubServiceStatus=WAIT), to approve or deny. */
export function AddOnReviewPage() {
  const translate = useTranslate();
  const entry = findResource('admin', 'gym-sub-service');
  if (!entry) return null;
  return (
    <ResourceList
      entry={entry}
      title={translate('admin.review.addOns.title')}
      permanentFilters={[{ field: 'gymSubServiceStatus', operator: 'eq', value: 'WAIT' }]}
      rowActions={(record) => (
        <>
          <ConfirmStatusButton
            resource={entry.identifier}
            id={record.id ?? ''}
            values={{ gymSubServiceStatus: 'APPROVE' }}
            label={translate('admin.review.addOns.approve')}
            question={translate('admin.review.addOns.approveQuestion')}
            success="admin.review.addOns.approved"
          />
          <ConfirmStatusButton
            resource={entry.identifier}
            id={record.id ?? ''}
            values={{ gymSubServiceStatus: 'DENY' }}
            label={translate('admin.review.addOns.deny')}
            question={translate('admin.review.addOns.denyQuestion')}
            success="admin.review.addOns.denied"
            danger
          />
        </>
      )}
    />
  );
}
