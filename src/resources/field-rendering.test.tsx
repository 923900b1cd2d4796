// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '#domain/resources/define.ts';
import { gymAuthResource } from '#domain/resources/index.ts';
import { createI18n } from '../i18n/config.ts';
import { createI18nProvider } from '../providers/i18n-provider.ts';
import { FieldValue } from './field-value.tsx';
import { type FieldEntry, formFields } from './fields.ts';
import { FieldInput } from './generic/field-input.tsx';

afterEach(cleanup);

const withI18n = (language: 'en' | 'ko', children: ReactNode) => {
  const i18nProvider = createI18nProvider(createI18n({ lng: language }));
  return (
    <AntdApp>
      <I18nContext.Provider value={{ i18nProvider }}>{children}</I18nContext.Provider>
    </AntdApp>
  );
};

const field = (name: string, meta: FieldEntry['meta']): FieldEntry => ({ name, meta });

// antd renders slowly in jsdom on a busy two-core machine.
describe('FieldValue', { timeout: 20_000 }, () => {
  it.each([
    ['en', '₩1,234', '010-1234-5678', 'Waiting', 'Yes'],
    ['ko', '₩1,234', '010-1234-5678', '대기', '예'],
  ] as const)('renders money, phone, enum and flag in %s', (language, money, phone, status, yes) => {
    render(
      withI18n(
        language,
        <ul>
          <li data-testid="money">
            <FieldValue field={field('price', { kind: 'money' })} value={1234} />
          </li>
          <li data-testid="phone">
            <FieldValue field={field('phone', { kind: 'phone' })} value="01012345678" />
          </li>
          <li data-testid="enum">
            <FieldValue field={field('status', { kind: 'enum', enumName: 'gymMemberStatus' })} value="WAIT" />
          </li>
          <li data-testid="flag">
            <FieldValue field={field('workerYn', { kind: 'flag' })} value={true} />
          </li>
          <li data-testid="empty">
            <FieldValue field={field('name', { kind: 'text' })} value={null} />
          </li>
        </ul>,
      ),
    );
    expect(screen.getByTestId('money').textContent).toBe(money);
    expect(screen.getByTestId('phone').textContent).toBe(phone);
    expect(screen.getByTestId('enum').textContent).toBe(status);
    expect(screen.getByTestId('flag').textContent).toBe(yes);
    expect(screen.getByTestId('empty').textContent).toBe('–');
  });
});

const permissionSetForm = (mode: 'create' | 'edit', initialValues?: Record<string, unknown>) => {
  const fields = formFields(gymAuthResource as ResourceDeclaration, mode).filter(
    (f) => f.meta.kind !== 'relation',
  );
  return withI18n(
    'en',
    <Form layout="vertical" initialValues={initialValues}>
      {fields.map((f) => (
        <FieldInput key={f.name} field={f} resource="gym-auth" />
      ))}
      <Button htmlType="submit">Submit</Button>
    </Form>,
  );
};

describe('FieldInput in the generic form', { timeout: 20_000 }, () => {
  it('labels inputs from the locale and enforces the schema', async () => {
    render(permissionSetForm('create'));
    expect(screen.getByRole('switch', { name: 'Manage consultations' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Representative' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('This field is required.')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x'.repeat(51) } });
    await waitFor(() => expect(screen.getByText('Use at most 50 characters.')).toBeTruthy());
  });

  it('shows a read-only field the update schema names as a disabled switch', () => {
    render(permissionSetForm('edit', { name: 'representative', representYn: true }));
    const represent = screen.getByRole('switch', { name: 'Representative' }) as HTMLButtonElement;
    expect(represent.disabled).toBe(true);
    expect(represent.getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('switch', { name: 'View members' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
