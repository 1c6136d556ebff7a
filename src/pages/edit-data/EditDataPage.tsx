import DatePicker from 'antd-mobile/es/components/date-picker';
import { useState } from 'react';
import { BIRTHDAY_MIN, SEX_LABELS, SEX_VALUES, type Sex } from '../../../api/protocol/profile-rules.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignedOutProfile } from '../../features/account/SignedOutProfile.tsx';
import { useProfileSave } from '../../features/account/use-profile-save.ts';
import { useUserInfo, type UserInfo } from '../../features/account/use-mine.ts';
import '../../features/account/profile.css';

/**
 * /editdata: sex (three choices in a row: 保密 / 男 / 女, one tap each) and birthday (antd-mobile's
 * DatePicker, 1900-01-01 to today), then 保存.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const dateOf = (text: string) => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};
/** Today's date for the picker's upper bound (the server checks against China time). */
const today = () => new Date(new Date().setHours(0, 0, 0, 0));

function Chevron() {
  return (
    <svg className="profile-row__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function DataForm({ user }: { user: UserInfo }) {
  const [sex, setSex] = useState<Sex>(user.sex);
  const [birthday, setBirthday] = useState<string | null>(user.birthday);
  const [open, setOpen] = useState(false);
  const { error, saving, save: saveFields } = useProfileSave();
  const changed = sex !== user.sex || birthday !== user.birthday;

  const save = async () => {
    if (!changed) return;
    await saveFields({ sex, ...(birthday ? { birthday } : {}) });
  };

  return (
    <div className="profile-form">
      <section className="profile-card profile-card--flush">
        <div className="profile-row" role="radiogroup" aria-label="性别">
          <span className="profile-row__label">性别</span>
          <span className="profile-row__value profile-choices">
            {SEX_VALUES.map((value) => (
              <button key={value} type="button" role="radio" aria-checked={sex === value} className={`profile-choice${sex === value ? ' profile-choice--on' : ''}`} onClick={() => setSex(value)}>
                {SEX_LABELS[value]}
              </button>
            ))}
          </span>
        </div>
        <button type="button" className="profile-row profile-row--link" onClick={() => setOpen(true)}>
          <span className="profile-row__label">生日</span>
          <span className="profile-row__value">{birthday ?? <span className="profile-row__unset">请选择</span>}</span>
          <Chevron />
        </button>
      </section>
      {error && (
        <p className="profile-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-form__actions">
        <button type="button" className="profile-button" disabled={saving || !changed} onClick={() => void save()}>
          保存
        </button>
      </div>
      <DatePicker
        title="生日"
        visible={open}
        min={dateOf(BIRTHDAY_MIN)}
        max={today()}
        defaultValue={birthday ? dateOf(birthday) : new Date(2000, 0, 1)}
        precision="day"
        renderLabel={(type, value) => (type === 'year' ? `${value}年` : type === 'month' ? `${value}月` : type === 'day' ? `${value}日` : String(value))}
        onClose={() => setOpen(false)}
        onConfirm={(value) => setBirthday(dateText(value))}
        confirmText="确定"
        cancelText="取消"
      />
    </div>
  );
}

function SignedInData() {
  const info = useUserInfo();
  if (info.failed) return <LoadFailed message={info.error} onRetry={info.retry} />;
  if (!info.data) {
    return (
      <div className="profile-card profile-card--loading" aria-busy="true" aria-label="加载中">
        <div className="skeleton skeleton--block" />
      </div>
    );
  }
  return <DataForm key={`${info.data.sex}|${info.data.birthday ?? ''}`} user={info.data} />;
}

export default function EditDataPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="page profile-page">
      <PageHeader title="编辑资料" onBack={() => navigate('back')} />
      {signedIn ? <SignedInData /> : <SignedOutProfile />}
    </div>
  );
}
