import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { paidByMethod } from '#domain/rules/desk.ts';
import { formatBusinessNumber, splitVat } from '#domain/rules/money.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { CheckoutDetail } from '#domain/schemas/desk.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// The receipt slip (docs/rules.md#the-desk): a narrow PDF (80 mm, the width of a receipt printer's roll) with the
// facility, the time in Asia/Seoul, the customer (phone masked), the items with their discounts, the total and its
// VAT split (docs/rules.md#vat), the payments by method, what is owed and the staff. Korean text is set in Nanum
// Gothic, read from disk once per process and embedded as a subset in each slip.

const FONT_FILE = createRequire(import.meta.url).resolve(
  '@fontsource/nanum-gothic/files/nanum-gothic-korean-400-normal.woff',
);
type Loaded = { bytes: Uint8Array; kit: { create: typeof fontkit.create } };
let loaded: Promise<Loaded> | undefined;
/**
 * The font, read and parsed on first use and kept for the life of the process: its bytes (as a TrueType file),
 * and a fontkit whose `create` hands pdf-lib the parsed font for those bytes instead of parsing 2 MB per slip.
 */
const loadFont = () => {
  loaded ??= readFile(FONT_FILE).then((b) => {
    const bytes = woffToSfnt(b);
    const parsed = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const create = ((data: Uint8Array, postscriptName?: string) =>
      // Safe: the same parameters and answer as fontkit.create, which it calls; the cast only restores its overloads.
      data === bytes ? parsed : fontkit.create(data, postscriptName)) as typeof fontkit.create;
    return { bytes, kit: { ...fontkit, create } };
  });
  return loaded;
};

/** A table's checksum: the sum of its big-endian 32-bit words (zero-padded), modulo 2³². */
const tableChecksum = (data: Buffer): number => {
  const padded = Buffer.alloc((data.length + 3) & ~3);
  data.copy(padded);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

type Table = { tag: string; data: Buffer };

/**
 * Pads every glyph to a multiple of 4 bytes (a long `loca`). fontkit's subsetter copies glyphs as they are and
 * writes a short `loca` (offsets halved) for a small subset, so an odd-length glyph, which this font has, would
 * shift every glyph after it: the slip would lose most of its Hangul.
 */
const padGlyphs = (tables: Table[]): Table[] => {
  const find = (tag: string) => tables.find((t) => t.tag === tag);
  const head = find('head');
  const loca = find('loca');
  const glyf = find('glyf');
  const maxp = find('maxp');
  if (!head || !loca || !glyf || !maxp) return tables;
  const longOffsets = head.data.readInt16BE(50) === 1;
  const count = maxp.data.readUInt16BE(4);
  const offsetOf = (i: number) =>
    longOffsets ? loca.data.readUInt32BE(i * 4) : loca.data.readUInt16BE(i * 2) * 2;
  const parts: Buffer[] = [];
  const newLoca = Buffer.alloc((count + 1) * 4);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const glyph = glyf.data.subarray(offsetOf(i), offsetOf(i + 1));
    const size = (glyph.length + 3) & ~3;
    newLoca.writeUInt32BE(at, i * 4);
    parts.push(glyph, Buffer.alloc(size - glyph.length));
    at += size;
  }
  newLoca.writeUInt32BE(at, count * 4);
  const newHead = Buffer.from(head.data);
  newHead.writeInt16BE(1, 50);
  newHead.writeUInt32BE(0, 8);
  const replaced: Record<string, Buffer> = { head: newHead, loca: newLoca, glyf: Buffer.concat(parts) };
  return tables.map((t) => (replaced[t.tag] ? { tag: t.tag, data: replaced[t.tag]! } : t));
};

/**
 * Unpacks a WOFF 1.0 file into the TrueType (sfnt) file it wraps: fontkit's own WOFF reader fails on this font's
 * glyphs, while the plain sfnt embeds fine. Each table is inflated when stored compressed, its glyphs padded
 * (`padGlyphs`), then laid out 4-byte aligned behind a fresh table directory.
 */
export const woffToSfnt = (woff: Buffer): Uint8Array => {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return new Uint8Array(woff);
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = padGlyphs(
    Array.from({ length: numTables }, (_, i) => {
      const at = 44 + i * 20;
      const offset = woff.readUInt32BE(at + 4);
      const compLength = woff.readUInt32BE(at + 8);
      const origLength = woff.readUInt32BE(at + 12);
      const raw = woff.subarray(offset, offset + compLength);
      return {
        tag: woff.toString('latin1', at, at + 4),
        data: compLength < origLength ? inflateSync(raw) : raw,
      };
    }),
  );
  const headerSize = 12 + 16 * numTables;
  const size = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(size);
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.write(t.tag, at, 'latin1');
    out.writeUInt32BE(tableChecksum(t.data), at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

type Lang = 'ko' | 'en';

const TEXT = {
  ko: {
    title: '영수증',
    businessNo: '사업자번호',
    represent: '대표',
    checkout: '거래번호',
    date: '일시',
    customer: '회원',
    item: '품목',
    amount: '금액',
    discount: '할인',
    promotion: '프로모션',
    manual: '수동 할인',
    total: '합계',
    supply: '공급가액',
    vat: '부가세',
    exempt: '면세',
    paid: '결제',
    owed: '미수금',
    staff: '담당',
    soldBy: '판매',
    cashReceipt: '현금영수증 승인번호',
    methods: { CARD: '카드', CASH: '현금', TRANSFER: '계좌이체' },
    thanks: '감사합니다.',
    won: (n: string) => `${n}원`,
  },
  en: {
    title: 'Receipt',
    businessNo: 'Business no.',
    represent: 'Representative',
    checkout: 'Checkout',
    date: 'Date',
    customer: 'Customer',
    item: 'Item',
    amount: 'Amount',
    discount: 'Discount',
    promotion: 'Promotion',
    manual: 'Manual discount',
    total: 'Total',
    supply: 'Supply value',
    vat: 'VAT',
    exempt: 'VAT exempt',
    paid: 'Paid',
    owed: 'Owed',
    staff: 'Staff',
    soldBy: 'Sold by',
    cashReceipt: 'Cash receipt approval',
    methods: { CARD: 'Card', CASH: 'Cash', TRANSFER: 'Transfer' },
    thanks: 'Thank you.',
    won: (n: string) => `KRW ${n}`,
  },
} as const satisfies Record<Lang, unknown>;

/** 80 mm in PDF points. */
const WIDTH = (80 / 25.4) * 72;
const MARGIN = 12;
const INNER = WIDTH - 2 * MARGIN;

type Row =
  | { kind: 'text'; text: string; size: number; align?: 'left' | 'center'; gray?: boolean }
  | { kind: 'pair'; left: string; right: string; size: number; bold?: boolean; gray?: boolean }
  | { kind: 'rule' }
  | { kind: 'gap'; height: number };

/**
 * A text's width at a size, summed from each character's advance (memoized per slip): the font's own measure lays
 * the whole text out on every call, which is slow for a large CJK font.
 */
const measurer = (font: PDFFont) => {
  const advance = new Map<string, number>();
  return (text: string, size: number) => {
    let total = 0;
    for (const char of text) {
      let w = advance.get(char);
      if (w === undefined) {
        w = font.widthOfTextAtSize(char, 1);
        advance.set(char, w);
      }
      total += w;
    }
    return total * size;
  };
};
type Measure = ReturnType<typeof measurer>;

/** Splits a text into lines that fit `width` at `size`, breaking between words, or anywhere for long words. */
const wrap = (measure: Measure, text: string, size: number, width: number): string[] => {
  const lines: string[] = [];
  let current = '';
  for (const char of [...text]) {
    const next = current + char;
    if (measure(next, size) <= width) {
      current = next;
      continue;
    }
    const space = current.lastIndexOf(' ');
    if (char !== ' ' && space > 0) {
      lines.push(current.slice(0, space));
      current = current.slice(space + 1) + char;
    } else {
      lines.push(current);
      current = char === ' ' ? '' : char;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
};

/** The slip of a checkout as a PDF. */
export const renderSlip = async (detail: CheckoutDetail, lang: Lang): Promise<Uint8Array> => {
  const t = TEXT[lang];
  const money = (n: number) => t.won(n.toLocaleString('ko-KR'));
  const pdf = await PDFDocument.create();
  const { bytes, kit } = await loadFont();
  pdf.registerFontkit(kit);
  const font = await pdf.embedFont(bytes, { subset: true });
  const measure = measurer(font);
  pdf.setTitle(`${t.title} ${detail.id}`);
  pdf.setCreator('FitDesk');

  const rows: Row[] = [];
  const text = (value: string, size = 8, extra: Partial<Extract<Row, { kind: 'text' }>> = {}) =>
    rows.push({ kind: 'text', text: value, size, ...extra });
  const pair = (left: string, right: string, extra: Partial<Extract<Row, { kind: 'pair' }>> = {}) =>
    rows.push({ kind: 'pair', left, right, size: 8, ...extra });

  text(t.title, 13, { align: 'center' });
  rows.push({ kind: 'gap', height: 4 });
  text(detail.facility.name, 10, { align: 'center' });
  if (detail.facility.businessNo)
    text(`${t.businessNo} ${formatBusinessNumber(detail.facility.businessNo.replace(/-/g, ''))}`, 7.5, {
      align: 'center',
    });
  if (detail.facility.representName)
    text(`${t.represent} ${detail.facility.representName}`, 7.5, { align: 'center' });
  if (detail.facility.address) text(detail.facility.address, 7.5, { align: 'center', gray: true });
  rows.push({ kind: 'rule' });
  pair(t.date, dayjs(detail.createDate).tz(SEOUL).format('YYYY-MM-DD HH:mm'));
  pair(t.checkout, `#${detail.id}`);
  pair(t.customer, [detail.customer.name, detail.customer.phone].filter(Boolean).join(' '));
  rows.push({ kind: 'rule' });
  pair(t.item, t.amount, { gray: true });
  for (const s of detail.sales) {
    const name = s.quantity > 1 ? `${s.itemName} × ${s.quantity}` : s.itemName;
    for (const [i, line] of wrap(measure, name, 8, INNER - 60).entries())
      pair(line, i === 0 ? money(s.listPrice) : '');
    if (s.discount > 0) {
      const parts = [
        s.promotionName ? `${t.promotion}: ${s.promotionName}` : null,
        s.priceReason ? `${t.manual}: ${s.priceReason}` : null,
      ].filter(Boolean);
      const label = parts.length ? parts.join(' · ') : t.discount;
      for (const [i, line] of wrap(measure, `  ${label}`, 7.5, INNER - 60).entries())
        pair(line, i === 0 ? `-${money(s.discount)}` : '', { gray: true });
    }
  }
  rows.push({ kind: 'rule' });
  const total = detail.sales.reduce((n, s) => n + s.price, 0);
  pair(t.total, money(total), { bold: true });
  const taxed = detail.sales.filter((s) => s.vatMode === 'INCLUDED').reduce((n, s) => n + s.price, 0);
  const exempt = total - taxed;
  const { supply, vat } = splitVat(taxed);
  pair(t.supply, money(supply), { gray: true });
  pair(t.vat, money(vat), { gray: true });
  if (exempt > 0) pair(t.exempt, money(exempt), { gray: true });
  rows.push({ kind: 'rule' });
  const approved = detail.lines.filter((l) => l.status === 'APPROVE');
  for (const m of paidByMethod(approved)) pair(`${t.paid} (${t.methods[m.method]})`, money(m.amount));
  pair(t.paid, money(approved.reduce((n, l) => n + l.amount, 0)), { bold: true });
  pair(t.owed, money(detail.owed), { bold: detail.owed > 0 });
  if (detail.cashReceipt?.status === 'ISSUED') pair(t.cashReceipt, detail.cashReceipt.approvalNumber);
  rows.push({ kind: 'rule' });
  if (detail.staff) pair(t.staff, detail.staff.name);
  if (detail.soldBy && detail.soldBy.memberId !== detail.staff?.memberId) pair(t.soldBy, detail.soldBy.name);
  rows.push({ kind: 'gap', height: 6 });
  text(t.thanks, 8, { align: 'center' });

  // Long texts are wrapped first, so the page is exactly as tall as its rows.
  const laid: Row[] = rows.flatMap((row): Row[] =>
    row.kind === 'text'
      ? wrap(measure, row.text, row.size, INNER).map((line) => ({ ...row, text: line }))
      : [row],
  );
  const heightOf = (row: Row) =>
    row.kind === 'gap' ? row.height : row.kind === 'rule' ? 8 : (row.size ?? 8) * 1.45;
  const height = laid.reduce((n, r) => n + heightOf(r), 0) + 2 * MARGIN;
  const page = pdf.addPage([WIDTH, height]);
  const black = rgb(0.1, 0.1, 0.1);
  const gray = rgb(0.35, 0.35, 0.35);
  let y = height - MARGIN;
  for (const row of laid) {
    const h = heightOf(row);
    if (row.kind === 'rule') {
      page.drawLine({
        start: { x: MARGIN, y: y - h / 2 },
        end: { x: WIDTH - MARGIN, y: y - h / 2 },
        thickness: 0.5,
        color: gray,
        dashArray: [2, 2],
      });
    } else if (row.kind === 'text') {
      const w = measure(row.text, row.size);
      const x = row.align === 'center' ? (WIDTH - w) / 2 : MARGIN;
      page.drawText(row.text, { x, y: y - row.size, size: row.size, font, color: row.gray ? gray : black });
    } else if (row.kind === 'pair') {
      const size = row.bold ? row.size + 1 : row.size;
      const color = row.gray ? gray : black;
      page.drawText(row.left, { x: MARGIN, y: y - size, size, font, color });
      const w = measure(row.right, size);
      page.drawText(row.right, { x: WIDTH - MARGIN - w, y: y - size, size, font, color });
    }
    y -= h;
  }
  return pdf.save();
};
