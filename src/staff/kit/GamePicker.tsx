import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import * as staffCalls from '../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../api/protocol/staff-codes.ts';
import { useStaffClient } from '../runtime-context.tsx';

export type GameOption = { value: number; label: string };

/**
 * A game chosen by name or id (gifts/games, at most 20 a search). 礼包管理 and 代金券管理 both use
 * it; both modules are the operators' (GIFT_PACK_ROLES, COUPON_ROLES).
 */
export function GamePicker(props: { value?: number; onChange?: (value: number | undefined) => void; placeholder: string; initial?: GameOption | null; allowClear?: boolean; id?: string; disabled?: boolean }) {
  const client = useStaffClient();
  const [options, setOptions] = useState<GameOption[]>(props.initial ? [props.initial] : []);
  const asked = useRef('');
  const search = async (keyword: string) => {
    asked.current = keyword;
    const answer = await client.call(staffCalls.gifts.games, { keyword });
    if (answer.code !== STAFF_CODE.ok || asked.current !== keyword) return;
    const found = answer.data.list.map((game) => ({ value: game.id, label: `${game.name}（${game.id}）` }));
    setOptions(props.initial && !found.some((o) => o.value === props.initial!.value) ? [props.initial, ...found] : found);
  };
  useEffect(() => {
    void search('');
    // The first list once; searches follow typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: (text) => void search(text.trim()) }}
      allowClear={props.allowClear}
      disabled={props.disabled}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(value?: number) => props.onChange?.(value ?? undefined)}
      options={options}
      style={{ width: '100%' }}
      aria-label={props.placeholder}
    />
  );
}
