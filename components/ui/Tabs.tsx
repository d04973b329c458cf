"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps<T extends string> {
  /** What the tabs choose between, for screen readers (the tablist's label). */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  listClassName?: string;
  /** Styles both states: the active tab carries `data-state="active"`, the others `"inactive"`. */
  tabClassName?: string;
}

/**
 * WAI-ARIA tabs (automatic activation: arrows, Home and End move and select): a few lines instead of a library in
 * the first load of the login pages. Only the active panel is mounted, so each form keeps its own fields.
 */
export function Tabs<T extends string>({ label, items, value, onValueChange, listClassName, tabClassName }: TabsProps<T>) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const active = items.find((item) => item.value === value) ?? items[0];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    onValueChange(items[next]!.value);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {items.map((item, index) => {
          const selected = item.value === active?.value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              className={tabClassName}
              onClick={() => onValueChange(item.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div role="tabpanel" id={`${id}-panel-${active.value}`} aria-labelledby={`${id}-tab-${active.value}`} tabIndex={0} className="outline-none">
          {active.panel}
        </div>
      ) : null}
    </div>
  );
}
