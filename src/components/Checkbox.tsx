import AntdCheckbox from 'antd-mobile/es/components/checkbox';
import type { ReactNode } from 'react';
import './checkbox.css';

/**
 * The one checkbox of the app's pages (agree to a notice before going on): antd-mobile's round
 * checkbox in the brand colour. Its native input stays in the accessibility tree and takes the
 * keyboard (antd hides it with display: none), and the whole row, 44 px high, is the touch target.
 */
export function Checkbox({ checked, onChange, children, invalid = false }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; invalid?: boolean }) {
  return (
    <AntdCheckbox className={invalid ? 'checkbox checkbox--invalid' : 'checkbox'} checked={checked} onChange={onChange}>
      {children}
    </AntdCheckbox>
  );
}
