import { Select } from 'antd';
import { useState } from 'react';
import { games } from '../../../../api/protocol/staff/open-servers.ts';
import { useStaffData } from '../../use-staff-data.ts';

/**
 * Choosing a game by name or id: the options are the server's matches for what was typed
 * (open-servers/games, at most 20), plus the chosen game itself so its name stays shown.
 */
export function GameSelect(props: { value?: number; onChange?: (id: number | undefined) => void; chosen?: { id: number; name: string } | null; placeholder?: string; allowClear?: boolean; label: string; style?: React.CSSProperties }) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(props.chosen ?? null);
  const { data, loading } = useStaffData('staffGameOptions', games, { keyword });
  const found = data?.list ?? [];
  const options = [...(picked && !found.some((g) => g.id === picked.id) ? [picked] : []), ...found].map((g) => ({ value: g.id, label: `${g.name}（ID ${g.id}）` }));
  return (
    <Select
      aria-label={props.label}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={props.allowClear}
      placeholder={props.placeholder ?? '输入游戏名或ID搜索'}
      value={props.value}
      loading={loading}
      notFoundContent={loading ? '搜索中…' : '没有找到游戏'}
      options={options}
      style={props.style}
      onChange={(id: number | undefined) => {
        const game = found.find((g) => g.id === id) ?? (picked?.id === id ? picked : null);
        setPicked(game);
        props.onChange?.(id);
      }}
    />
  );
}
