import { useTranslate } from '@refinedev/core';
import { ResourceList } from '../../resources/generic/resource-list.tsx';
import { findResource } from '../../resources/registry.ts';
import { ConfirmStatusButton, RejectFacilityButton } from './review-actions.tsx';

/** Facilities that asked for verification (GET /web/gym?gymStatus=REQUEST), to approve or reject with a reason. */
export function FacilityReviewPage() {
  const translate = useTranslate();
  const entry = findResource('admin', 'gym');
  if (!entry) return null;
  return (
    <ResourceList
      entry={entry}
      title={translate('admin.review.facilities.title')}
      permanentFilters={[{ field: 'gymStatus', operator: 'eq', value: 'REQUEST' }]}
      rowActions={(record) => (
        <>
          <ConfirmStatusButton
            resource={entry.identifier}
            id={record.id ?? ''}
            values={{ gymStatus: 'ACTIVE' }}
            label={translate('admin.review.facilities.approve')}
            question={translate('admin.review.facilities.approveQuestion', { name: record.name })}
            success="admin.review.facilities.approved"
          />
          <RejectFacilityButton resource={entry.identifier} id={record.id ?? ''} name={String(record.name)} />
        </>
      )}
    />
  );
}
