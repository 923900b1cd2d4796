// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { advertisingFrame } from '#domain/rules/message.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { ByteCounter } from './byte-counter.tsx';

afterEach(cleanup);

const counter = () => screen.getByTestId('byte-counter');

// docs/rules.md#messaging: the compose screen counts EUC-KR bytes with the server's analyzeMessage.
describe('the byte counter (issue 29)', () => {
  it('counts 45 Korean characters as 90 bytes, an SMS', () => {
    renderPage(<ByteCounter content={'가'.repeat(45)} />);
    expect(counter().textContent).toContain('90 / 90 bytes · SMS');
    expect(counter().textContent).not.toContain('LMS');
  });

  it('makes the 46th an LMS, and says so', () => {
    renderPage(<ByteCounter content={'가'.repeat(46)} />);
    expect(counter().textContent).toContain('92 / 2000 bytes · LMS');
    expect(screen.getByText('Over 90 bytes: this goes out as an LMS (up to 2,000 bytes).')).toBeTruthy();
  });

  it('refuses an emoji and marks where it stands', () => {
    renderPage(<ByteCounter content="안녕하세요 😀 오늘" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A text message cannot carry these characters');
    // The 7th character as people count (the emoji is one).
    expect(alert.textContent).toContain('“😀” at position 7');
    const marks = alert.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['😀']);
  });

  it('says over 2,000 bytes is too long, and flags unknown variables', () => {
    renderPage(<ByteCounter content={`${'가'.repeat(1001)} #{나이}`} />);
    expect(screen.getByText('Too long: a message holds at most 2,000 bytes.')).toBeTruthy();
    expect(screen.getByText('Unknown variables: #{나이}')).toBeTruthy();
  });

  it('counts the advertising frame too: 66 of its bytes leave 12 Korean characters for an SMS', () => {
    const frame = advertisingFrame({
      gymName: '핏데스크 강남점',
      gymContact: '02-555-1234',
      optOutNumber: '080-000-0000',
    });
    renderPage(<ByteCounter content={'가'.repeat(12)} frame={frame} />);
    expect(counter().textContent).toContain('90 / 90 bytes · SMS');
    cleanup();
    renderPage(<ByteCounter content={'가'.repeat(13)} frame={frame} />);
    expect(counter().textContent).toContain('92 / 2000 bytes · LMS');
  });

  it('reads in Korean', () => {
    renderPage(<ByteCounter content={'가'.repeat(46)} />, { language: 'ko' });
    expect(counter().textContent).toContain('92 / 2000 바이트 · LMS');
  });
});
