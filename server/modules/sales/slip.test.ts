import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { CheckoutDetail } from '#domain/schemas/desk.ts';
import { renderSlip, woffToSfnt } from './slip.ts';

// The receipt slip (docs/rules.md#the-desk): the Korean font survives subsetting, and the slip is one narrow page.

const WOFF = createRequire(import.meta.url).resolve(
  '@fontsource/nanum-gothic/files/nanum-gothic-korean-400-normal.woff',
);

/** The subset of these characters as fontkit writes it for pdf-lib, parsed back. */
const subsetOf = async (bytes: Uint8Array, text: string) => {
  const font = fontkit.create(Buffer.from(bytes));
  const subset = font.createSubset();
  const ids = [...text].map((c) => subset.includeGlyph(font.glyphForCodePoint(c.codePointAt(0)!)));
  const parts: Uint8Array[] = [];
  await new Promise<void>((resolve) =>
    subset
      .encodeStream()
      .on('data', (b: Uint8Array) => parts.push(b))
      .on('end', () => resolve()),
  );
  return { subset: fontkit.create(Buffer.concat(parts)), ids, font };
};

describe('the slip font', () => {
  it('keeps every glyph whole in a subset (odd-length glyphs are padded)', async () => {
    const text = '영수증헬스장0123';
    const { subset, ids, font } = await subsetOf(woffToSfnt(readFileSync(WOFF)), text);
    [...text].forEach((c, i) => {
      const original = font.glyphForCodePoint(c.codePointAt(0)!).path.toSVG().length;
      expect(original).toBeGreaterThan(0);
      expect(subset.getGlyph(ids[i]!).path.toSVG().length, c).toBe(original);
    });
  });
});

describe('renderSlip', () => {
  it('draws one 80 mm page in either language', async () => {
    const detail: CheckoutDetail = {
      id: 7,
      gymId: 1,
      kind: 'DESK',
      createDate: '2026-03-02T00:30:00.000Z',
      total: 33_000,
      paid: 10_000,
      cashPaid: 10_000,
      owed: 23_000,
      note: null,
      cashReceiptDue: false,
      customer: { id: 1, name: '김민수', phone: '010-****-5678' },
      facility: {
        name: '핏데스크 역삼점',
        businessNo: '1234567890',
        representName: '홍길동',
        address: '서울',
      },
      staff: { memberId: 2, name: '직원' },
      soldBy: null,
      sales: [
        {
          id: 1,
          itemType: 'PRODUCT',
          itemName: '프로틴 음료',
          quantity: 2,
          vatMode: 'INCLUDED',
          listPrice: 35_000,
          discount: 2_000,
          price: 33_000,
          priceReason: '단골',
          promotionId: null,
          promotionName: null,
          ticketIssueId: null,
          adjusted: 0,
          paid: 10_000,
          owed: 23_000,
        },
      ],
      lines: [{ id: 1, saleId: 1, method: 'CASH', amount: 10_000, status: 'APPROVE' }],
      cashReceipt: null,
    };
    for (const lang of ['ko', 'en'] as const) {
      const bytes = await renderSlip(detail, lang);
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getPage(0).getWidth()).toBeCloseTo((80 / 25.4) * 72, 1);
    }
  });
});
