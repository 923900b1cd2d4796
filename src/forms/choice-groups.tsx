import { Checkbox, Radio } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import type { RadioGroupProps } from 'antd/es/radio';

/**
 * A required Form.Item marks its control `aria-required`, but antd renders a radio or checkbox group as a plain
 * `div`, where that attribute is not allowed (axe: aria-allowed-attr). These groups drop it; the required mark
 * next to the label says it, and each option stays a native radio or checkbox.
 */
type WithoutRequired<P> = P & { 'aria-required'?: unknown };

export function RadioChoices({ 'aria-required': _required, ...props }: WithoutRequired<RadioGroupProps>) {
  return <Radio.Group {...props} />;
}

export function CheckboxChoices({
  'aria-required': _required,
  ...props
}: WithoutRequired<CheckboxGroupProps>) {
  return <Checkbox.Group {...props} />;
}
