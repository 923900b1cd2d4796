import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export type TabItem = { id: string; label: string; panel: ReactNode };

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them (automatic activation). Every panel
 * is rendered, the hidden ones with `hidden`, so each tab's aria-controls points at a real element.
 */
export function Tabs({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly TabItem[];
  className?: string;
}) {
  const prefix = useId();
  const [selected, setSelected] = useState(items[0]?.id);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const select = (index: number): void => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    buttons.current.get(item.id)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={className ? `fd-m-tabs ${className}` : 'fd-m-tabs'}>
      <div className="fd-m-tablist" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              if (element) buttons.current.set(item.id, element);
              else buttons.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`${prefix}-panel-${item.id}`}
            tabIndex={item.id === selected ? 0 : -1}
            onClick={() => setSelected(item.id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${prefix}-panel-${item.id}`}
          aria-labelledby={`${prefix}-tab-${item.id}`}
          hidden={item.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA APG tabs: a panel without controls of its own takes focus.
          tabIndex={0}
          className="fd-m-tabpanel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
