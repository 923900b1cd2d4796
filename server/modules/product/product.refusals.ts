import type { productMessages } from '../../http/messages/product.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What the product module refuses (docs/rules.md#products, #promotions): the 409s of its own messages.

export type ProductReason = keyof (typeof productMessages)['en'];

export const { refused } = refusalsOf<ProductReason>();
