import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createActiveGym, uniqueUserId } from './helpers.ts';

// The public landing at SELECT (`/select`) and the legal pages, in both languages (issue #4).

type Language = 'en' | 'ko';

/** What a visitor reads, per language: written out, so a changed text or a broken translation fails here. */
const TEXT = {
  en: {
    title: /^FitDesk · /,
    hero: 'Run your whole gym from one desk',
    regions: [
      'Where would you like to go?',
      'Partner gyms',
      'Everything your front desk needs',
      'See it in action',
      'What owners tell us',
      'Simple pricing',
      'Frequently asked questions',
      'Explore facilities',
      /^Member App demo: diet analysis/,
      'Ready to run your gym from one desk?',
    ],
    features: [
      'Member profiles',
      'Smart scheduling',
      'Messaging',
      'Diet tracking',
      'Meal planning',
      'Nutrition analysis',
      'Survey builder',
      'Reports',
      'Goals',
      'Check-in your way',
      'Cash receipts and tax invoices',
    ],
    checkIn: 'Members check in by QR code, membership card or biometrics',
    productTabs: ['Dashboard', 'Customers', 'Nutrition', 'Survey'],
    facilityManagement: /Facility Management/,
    memberApp: /^Member App\s*For members/,
    loginHeading: 'Log in',
    demoHeading: /^Member App demo: diet analysis/,
  },
  ko: {
    title: /^핏데스크 · /,
    hero: '헬스장 운영, 핏데스크 하나로',
    regions: [
      '어디로 이동할까요?',
      '파트너 시설',
      '프런트 데스크에 필요한 모든 것',
      '화면으로 보는 핏데스크',
      '대표님들의 이야기',
      '간단한 요금제',
      '자주 묻는 질문',
      '시설 둘러보기',
      /^회원 앱 데모: 식단 분석/,
      '헬스장 운영, 이제 한 화면에서 시작하세요',
    ],
    features: [
      '회원 프로필',
      '스마트 스케줄링',
      '메시지',
      '식단 기록',
      '식단 계획',
      '영양 분석',
      '설문 만들기',
      '리포트',
      '목표 관리',
      '원하는 방식으로 출입 체크인',
      '현금영수증과 세금계산서',
    ],
    checkIn: 'QR 코드, 회원 카드, 생체 인식으로 체크인',
    productTabs: ['대시보드', '고객', '영양', '설문'],
    facilityManagement: /시설 관리/,
    memberApp: /^회원 앱\s*회원용/,
    loginHeading: '로그인',
    demoHeading: /^회원 앱 데모: 식단 분석/,
  },
} as const;

const open = async (page: Page, language: Language, path = '/select') => {
  await page.goto(`${path}?lng=${language}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
};

const region = (page: Page, name: string | RegExp): Locator => page.getByRole('region', { name });

for (const language of ['en', 'ko'] as const) {
  const text = TEXT[language];

  test.describe(`landing (${language})`, () => {
    test('has every section, the feature copy and the head of the page', async ({ page }) => {
      await open(page, language);
      await expect(page).toHaveTitle(text.title);
      await expect(page.getByRole('heading', { level: 1, name: text.hero })).toBeVisible();
      for (const name of text.regions) await expect(region(page, name)).toBeVisible();
      const features = region(page, text.regions[2]);
      await expect(features.getByRole('heading', { level: 3 })).toHaveText([...text.features]);
      await expect(features).toContainText(text.checkIn);
      await expect(page.getByRole('contentinfo')).toBeVisible();

      const product = region(page, text.regions[3]);
      await expect(product.getByRole('tab')).toHaveText([...text.productTabs]);
      await product.getByRole('tab', { name: text.productTabs[2] }).click();
      await expect(product.getByRole('tab', { name: text.productTabs[2] })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(product.getByRole('tabpanel').getByRole('img')).toHaveCount(1);

      const meta = (selector: string) => page.locator(`head meta[${selector}]`);
      await expect(meta('name="description"')).toHaveAttribute('content', /.{50,}/);
      await expect(meta('name="author"')).toHaveAttribute('content', /FitDesk/);
      await expect(meta('property="og:title"')).toHaveAttribute('content', text.title);
      await expect(meta('property="og:image"')).toHaveAttribute('content', /\/og-image\.jpg$/);
      await expect(meta('property="og:url"')).toHaveAttribute('content', /\/select$/);
    });

    test('the selector leads to the login and to the Member App demo', async ({ page }) => {
      await open(page, language);
      await page.getByRole('link', { name: text.memberApp }).click();
      await expect(page).toHaveURL(/\/select\?lng=\w+#member-app$/);
      await expect(page.getByRole('heading', { name: text.demoHeading })).toBeInViewport();

      await page.getByRole('link', { name: text.facilityManagement }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: text.loginHeading })).toBeVisible();
    });
  });
}

test.describe('pricing', () => {
  test('shows the English prices in dollars and switches to yearly', async ({ page }) => {
    await open(page, 'en');
    const pricing = region(page, 'Simple pricing');
    const free = pricing.getByRole('article', { name: 'Free' });
    const pro = pricing.getByRole('article', { name: 'Pro' });
    const enterprise = pricing.getByRole('article', { name: 'Enterprise' });

    await expect(pricing.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(free).toContainText('$0');
    await expect(free).toContainText('14-day free trial of Pro');
    await expect(free).toContainText('Up to 2 trainers');
    await expect(pro).toContainText('$77 per month');
    await expect(pro).toContainText('Up to 20 trainers');
    await expect(pro).toContainText('99.9% uptime SLA');
    await expect(enterprise).toContainText('$95 per month');
    await expect(enterprise).toContainText('Unlimited trainers');
    await expect(enterprise).toContainText('99.99% uptime SLA');

    await pricing.getByRole('radio', { name: 'Yearly Save 20%' }).check();
    await expect(pro).toContainText('$636 per year');
    await expect(enterprise).toContainText('$786 per year');
    await expect(pro).not.toContainText('$77');
    await expect(free).toContainText('$0 per year');
  });

  test('shows the Korean prices in won with thousands separators and switches to yearly', async ({
    page,
  }) => {
    await open(page, 'ko');
    const pricing = region(page, '간단한 요금제');
    const pro = pricing.getByRole('article', { name: 'Pro' });
    const enterprise = pricing.getByRole('article', { name: 'Enterprise' });

    await expect(pro).toContainText('₩106,800 /월');
    await expect(pro).toContainText('트레이너 최대 20명');
    await expect(pro).toContainText('가동률 99.9% SLA');
    await expect(enterprise).toContainText('₩132,000 /월');
    await expect(enterprise).toContainText('트레이너 무제한');
    await expect(enterprise).toContainText('가동률 99.99% SLA');
    await expect(pricing.getByRole('article', { name: 'Free' })).toContainText('Pro 14일 무료 체험');

    await pricing.getByRole('radio', { name: '연간 20% 절약' }).check();
    await expect(pro).toContainText('₩890,000 /년');
    await expect(enterprise).toContainText('₩1,100,000 /년');
    await pricing.getByRole('radio', { name: '월간' }).check();
    await expect(enterprise).toContainText('₩132,000 /월');
  });
});

test.describe('FAQ', () => {
  const topics = {
    en: {
      tabs: ['General', 'Privacy', 'Membership', 'Payment'],
      first: 'What is FitDesk?',
      privacy: 'How does FitDesk handle personal information?',
      membership: 'How does the free trial work?',
      answer: /14-day trial of the Pro features/,
      payment: 'Do you issue tax invoices?',
    },
    ko: {
      tabs: ['일반', '개인정보', '멤버십', '결제'],
      first: '핏데스크는 무엇인가요?',
      privacy: '핏데스크는 개인정보를 어떻게 처리하나요?',
      membership: '무료 체험은 어떻게 진행되나요?',
      answer: /Pro 기능을 14일 동안 무료로 체험/,
      payment: '세금계산서를 발행하나요?',
    },
  } as const;

  for (const language of ['en', 'ko'] as const) {
    test(`switches between its four topics by click and keyboard (${language})`, async ({ page }) => {
      const faqText = topics[language];
      await open(page, language);
      const faq = region(page, TEXT[language].regions[6]);
      await expect(faq.getByRole('tab')).toHaveText([...faqText.tabs]);
      await expect(faq.getByRole('tab', { name: faqText.tabs[0] })).toHaveAttribute('aria-selected', 'true');
      await expect(faq.getByText(faqText.first)).toBeVisible();

      await faq.getByRole('tab', { name: faqText.tabs[1] }).click();
      await expect(faq.getByRole('tab', { name: faqText.tabs[1] })).toHaveAttribute('aria-selected', 'true');
      await expect(faq.getByText(faqText.privacy)).toBeVisible();
      await expect(faq.getByText(faqText.first)).toBeHidden();

      await page.keyboard.press('ArrowRight');
      await expect(faq.getByRole('tab', { name: faqText.tabs[2] })).toBeFocused();
      await expect(faq.getByRole('tab', { name: faqText.tabs[2] })).toHaveAttribute('aria-selected', 'true');
      await expect(faq.getByText(faqText.answer)).toBeHidden();
      await faq.getByText(faqText.membership).click();
      await expect(faq.getByText(faqText.answer)).toBeVisible();

      await faq.getByRole('tab', { name: faqText.tabs[2] }).press('End');
      await expect(faq.getByRole('tab', { name: faqText.tabs[3] })).toHaveAttribute('aria-selected', 'true');
      await expect(faq.getByText(faqText.payment)).toBeVisible();
    });
  }
});

test.describe('explore facilities', () => {
  test('finds verified facilities by name, ignoring spaces on both sides (en)', async ({ page, request }) => {
    const tag = uniqueUserId('').slice(0, 6);
    await createActiveGym(request, { name: `Hangang Power Gym ${tag}`, address: '12 Yeouido-ro, Seoul' });
    await createActiveGym(request, { name: `Hangang Pilates ${tag}`, address: '34 Mapo-daero, Seoul' });
    await open(page, 'en');
    const explore = region(page, 'Explore facilities');
    const search = explore.getByRole('searchbox', { name: 'Facility name' });

    await search.fill(`hangang powergym${tag}`);
    await explore.getByRole('button', { name: 'Search' }).click();
    await expect(explore.getByText(`1 facility found for “hangang powergym${tag}”.`)).toBeVisible();
    await expect(explore.getByRole('listitem')).toHaveCount(1);
    await expect(explore.getByRole('listitem')).toContainText(`Hangang Power Gym ${tag}`);
    await expect(explore.getByRole('listitem')).toContainText('12 Yeouido-ro, Seoul');

    await search.fill(`  ${tag.split('').join(' ')} `);
    await search.press('Enter');
    await expect(explore.getByText(/^2 facilities found for/)).toBeVisible();
    await expect(explore.getByRole('heading', { level: 3 })).toHaveText([
      `Hangang Pilates ${tag}`,
      `Hangang Power Gym ${tag}`,
    ]);

    await search.fill(`${tag}-nowhere`);
    await search.press('Enter');
    await expect(explore.getByText(`No verified facility matches “${tag}-nowhere”.`)).toBeVisible();
    await expect(explore.getByRole('listitem')).toHaveCount(0);

    await search.fill('   ');
    await search.press('Enter');
    await expect(explore.getByText('Enter a facility name to search.')).toBeVisible();
  });

  test('finds a facility whose name has spaces by a keyword without them (ko)', async ({ page, request }) => {
    const tag = uniqueUserId('').slice(0, 6);
    await createActiveGym(request, {
      name: `핏데스크 강남 센터 ${tag}`,
      address: '서울특별시 강남구 테헤란로 1',
    });
    await open(page, 'ko');
    const explore = region(page, '시설 둘러보기');
    const search = explore.getByRole('searchbox', { name: '시설 이름' });

    await search.fill(`강남센터${tag}`);
    await explore.getByRole('button', { name: '검색' }).click();
    await expect(explore.getByText(`‘강남센터${tag}’ 검색 결과 1곳`)).toBeVisible();
    await expect(explore.getByRole('heading', { level: 3 })).toHaveText([`핏데스크 강남 센터 ${tag}`]);
    await expect(explore.getByRole('listitem')).toContainText('서울특별시 강남구 테헤란로 1');
  });
});

test.describe('Member App demo', () => {
  const cells = (demo: Locator, row: RegExp) => demo.getByRole('row', { name: row }).getByRole('cell');

  test('adds up a known meal against the weight-loss target (en)', async ({ page }) => {
    await open(page, 'en');
    const demo = region(page, TEXT.en.demoHeading);
    await expect(demo).toContainText('Demo');
    await expect(demo).toContainText('Everything is computed in your browser');
    await expect(demo).toContainText('Korean Food Composition Table');
    await demo.getByRole('radio', { name: 'Weight loss' }).check();
    await demo.getByRole('button', { name: 'Add Steamed white rice' }).click();
    await demo.getByRole('button', { name: 'Add Kimchi stew' }).click();
    await demo.getByRole('button', { name: 'Add Napa cabbage kimchi' }).click();
    await demo.getByRole('button', { name: 'One more serving of Napa cabbage kimchi' }).click();

    await expect(cells(demo, /^Calories/)).toHaveText(['550 kcal', '1,500 kcal', '37%']);
    await expect(cells(demo, /^Carbohydrate/)).toHaveText(['79.3 g', '169 g', '47%']);
    await expect(cells(demo, /^Protein/)).toHaveText(['22.5 g', '113 g', '20%']);
    await expect(cells(demo, /^Fat/)).toHaveText(['15.2 g', '42 g', '36%']);
    await expect(demo.getByText('Add some protein: chicken breast, tofu, eggs or fish.')).toBeVisible();
    await expect(demo.getByText(/heavy on carbohydrate/)).toBeVisible();

    await demo.getByRole('button', { name: 'One serving less of Napa cabbage kimchi' }).click();
    await expect(cells(demo, /^Calories/)).toHaveText(['535 kcal', '1,500 kcal', '36%']);
    await demo.getByRole('button', { name: 'Clear the meal' }).click();
    await expect(cells(demo, /^Calories/)).toHaveText(['0 kcal', '1,500 kcal', '0%']);
  });

  test('adds up a known meal against the strength target (ko)', async ({ page }) => {
    await open(page, 'ko');
    const demo = region(page, TEXT.ko.demoHeading);
    await expect(demo).toContainText('데모');
    await demo.getByRole('radio', { name: '근력·근육 증가' }).check();
    await demo.getByRole('button', { name: '쌀밥 추가' }).click();
    await demo.getByRole('button', { name: '구운 닭가슴살 추가' }).click();
    await demo.getByRole('button', { name: '배추김치 추가' }).click();

    await expect(cells(demo, /^칼로리/)).toHaveText(['480kcal', '2,300kcal', '21%']);
    await expect(cells(demo, /^탄수화물/)).toHaveText(['67.9g', '288g', '24%']);
    await expect(cells(demo, /^단백질/)).toHaveText(['37.5g', '173g', '22%']);
    await expect(cells(demo, /^지방/)).toHaveText(['4.5g', '51g', '9%']);
    await expect(demo.getByText(/^단백질을 더하세요/)).toBeVisible();
  });
});

test.describe('footer and legal pages', () => {
  for (const language of ['en', 'ko'] as const) {
    test(`the footer has the company details, this year and the legal links (${language})`, async ({
      page,
    }) => {
      const labels = {
        en: {
          terms: 'Terms of Service',
          privacy: 'Privacy Policy',
          business: 'Business registration number',
        },
        ko: { terms: '이용약관', privacy: '개인정보 처리방침', business: '사업자등록번호' },
      }[language];
      await open(page, language);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
      await expect(footer).toContainText(`${labels.business}123-45-67891`);
      await expect(footer.getByRole('link', { name: 'help@fitdesk.example' })).toHaveAttribute(
        'href',
        'mailto:help@fitdesk.example',
      );

      await footer.getByRole('link', { name: labels.terms }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole('heading', { level: 1, name: labels.terms })).toBeVisible();
      await page.getByRole('contentinfo').getByRole('link', { name: labels.privacy }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1, name: labels.privacy })).toBeVisible();
    });
  }

  test('the terms and the privacy policy are real pages in both languages', async ({ page }) => {
    await open(page, 'en', '/privacy');
    await expect(page).toHaveTitle('Privacy Policy · FitDesk');
    await expect(page.getByRole('main')).toContainText('Personal Information Protection Act (PIPA)');
    await expect(page.getByRole('main')).toContainText('Our privacy officer is Lee Seoyeon');
    await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(14);

    await page.getByRole('button', { name: 'KO' }).click();
    await expect(page).toHaveTitle('개인정보 처리방침 · 핏데스크');
    await expect(page.getByRole('main')).toContainText('「개인정보 보호법」');
    await expect(page.getByRole('main')).toContainText('개인정보 보호책임자는 이서연입니다');

    await open(page, 'ko', '/terms');
    await expect(page.getByRole('heading', { level: 1, name: '이용약관' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('제13조 (연락처)');
    await expect(page.getByRole('main')).toContainText('사업자등록번호 123-45-67891');
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /이용약관/);
  });
});

test.describe('language', () => {
  test('the KO/EN switch changes the page in place and the choice holds on the login page', async ({
    page,
  }) => {
    await open(page, 'en');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'KO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEXT.ko.hero })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page).toHaveTitle(TEXT.ko.title);
    await expect(
      page.getByRole('group', { name: '언어' }).getByRole('button', { name: 'KO' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ko');

    await page.getByRole('link', { name: '로그인', exact: true }).click();
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  });

  test.describe('in a Korean browser', () => {
    test.use({ locale: 'ko-KR' });

    test('follows the browser language when nothing was chosen', async ({ page }) => {
      await page.goto('/select');
      await expect(page.getByRole('heading', { level: 1, name: TEXT.ko.hero })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    });
  });
});

test('the first load of /select carries none of the back-office and stays within 150 KB of gzipped JS', async ({
  page,
}) => {
  const pending: Promise<{ url: string; gzipped: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body).length })));
  });
  await page.goto('/select?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.en.hero })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.map((s) => s.url).filter((url) => /back-office|antd|refine/i.test(url))).toEqual([]);
  const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  expect(total).toBeLessThanOrEqual(150 * 1024);
});

test.describe('accessibility', () => {
  for (const path of ['/select', '/terms', '/privacy']) {
    for (const language of ['en', 'ko'] as const) {
      test(`axe finds no serious or critical violation on ${path} (${language})`, async ({ page }) => {
        await open(page, language, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  }
});
