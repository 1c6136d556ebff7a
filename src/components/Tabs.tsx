import './tabs.css';

export interface TabOption<K extends string> {
  key: K;
  label: string;
}

/**
 * The one tab bar of the app's pages (records, coupons, wallet, trade records, the password
 * check, the agreements): equal-width tabs, the selected one bold in the text colour over a short
 * brand underline. `sticky` keeps it under the page header while the list scrolls. `ids` gives
 * each tab an id and points it at its panel (aria-controls) when the page has one panel element.
 */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  sticky = false,
  panelId,
}: {
  tabs: readonly TabOption<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  sticky?: boolean;
  panelId?: string;
}) {
  return (
    <div className={sticky ? 'tabs tabs--sticky' : 'tabs'} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={panelId ? `${panelId}-tab-${tab.key}` : undefined}
          aria-controls={panelId}
          aria-selected={tab.key === value}
          className="tabs__tab"
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
