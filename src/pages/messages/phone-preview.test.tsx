// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { advertisingFrame } from '#domain/rules/message.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { LockedLine } from './compose-content.tsx';
import { PhonePreview } from './compose-side.tsx';

afterEach(cleanup);

const frame = advertisingFrame({
  gymName: '핏데스크 강남점',
  gymContact: '02-555-1234',
  optOutNumber: '080-000-0000',
});
const sample = { name: '김회원', values: { 이름: '김회원', 시설명: '핏데스크 강남점' } };

// docs/rules.md#messaging: an advertising message starts with (광고) and the facility, ends with the contact and
// the free opt-out line; the preview shows it with the first recipient's values.
describe('the advertising frame in the preview (issue 29)', () => {
  it('puts (광고) and the name first, the contact and the opt-out line last', () => {
    renderPage(<PhonePreview content="#{이름}님, 봄맞이 20% 할인!" frame={frame} sample={sample} />);
    const text = screen.getByTestId('preview-text').textContent ?? '';
    expect(text.split('\n')).toEqual([
      '(광고) 핏데스크 강남점',
      '김회원님, 봄맞이 20% 할인!',
      '문의 02-555-1234',
      '무료수신거부 080-000-0000',
    ]);
    expect(screen.getByText('With the values of 김회원')).toBeTruthy();
  });

  it('shows an informational message as written, variables kept until there is a recipient', () => {
    renderPage(<PhonePreview content="#{이름}님, 이용권이 곧 끝납니다." frame={null} sample={null} />, {
      language: 'ko',
    });
    expect(screen.getByTestId('preview-text').textContent).toBe('님, 이용권이 곧 끝납니다.');
    expect(screen.getByText('받는 사람이 정해지면 변수에 값이 채워집니다.')).toBeTruthy();
  });

  it('shows the frame lines locked, not as a field', () => {
    renderPage(<LockedLine text={frame.tail} />);
    const line = screen.getByTestId('ad-frame-line');
    expect(line.textContent).toContain('무료수신거부 080-000-0000');
    expect(line.textContent).toContain('Added by law, cannot be edited');
    expect(line.querySelector('input, textarea')).toBeNull();
  });
});
