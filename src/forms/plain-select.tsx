import { Select, type SelectProps } from 'antd';

/**
 * A required Form.Item marks its control `aria-required`, which antd's select puts on its wrapping `div`, where it
 * is not allowed (axe: aria-allowed-attr). This select drops it, as RadioChoices does (src/forms/choice-groups.tsx):
 * the required mark next to the label says it.
 */
export function PlainSelect<V = number>({
  'aria-required': _required,
  ...props
}: SelectProps<V> & { 'aria-required'?: unknown }) {
  return <Select<V> {...props} />;
}
