// The demo facility's facts, one copy shared by the seed (server/seed/seed.ts), the API tests (tests/fixtures/),
// the browser tests (tests/e2e/) and the unit tests. The demo files (a PNG, a PDF) are in server/seed/demo-files.ts.

/**
 * The verification info of the demo facility (docs/rules.md#verification), without its two documents.
 * 220-81-62517 is a published number that passes the check digit.
 */
export const DEMO_VERIFICATION = {
  businessNo: '220-81-62517',
  representName: '김대표',
  businessForm: 'INDIVIDUAL',
  businessType: '서비스업',
  businessField: '체력단련장',
  postNo: '06236',
  address: '서울특별시 강남구 테헤란로 152',
  addressDetail: '3층',
} as const;
