import { AppError } from '../../http/errors.ts';
import type { receiptMessages } from '../../http/messages/receipt.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// The receipt module's refusals, typed by its messages (docs/architecture.md#kernel).

export type ReceiptReason = keyof (typeof receiptMessages)['en'];

export const { refused, badField } = refusalsOf<ReceiptReason, ReceiptReason>();

/**
 * One proof per supply (docs/rules.md#cash-receipts): the 409 names the proof that already covers it, by its
 * approval number in the message and in `details` (which proof, its id) for the screen.
 */
export const proofIssued = (
  reason: 'proofCashReceiptIssued' | 'proofTaxInvoiceIssued',
  proof: { id: number; approvalNumber: string },
) =>
  new AppError(
    'CONFLICT',
    reason,
    { number: proof.approvalNumber },
    {},
    {
      proof: reason === 'proofCashReceiptIssued' ? 'CASH_RECEIPT' : 'TAX_INVOICE',
      proofId: proof.id,
      approvalNumber: proof.approvalNumber,
    },
  );
