import { useState, type FormEvent } from 'react';
import { checkNickname, codePointLength, NICKNAME_MAX, NICKNAME_MIN } from '../../../api/protocol/profile-rules.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignedOutProfile } from '../../features/account/SignedOutProfile.tsx';
import { useProfileSave } from '../../features/account/use-profile-save.ts';
import { useSignedInNickname } from '../../features/account/use-mine.ts';
import '../../features/account/profile.css';

/** /editnickname: the nickname with its rule (2–12 characters); the server's refusal is shown as it words it. */

function NicknameForm() {
  const runtime = useRuntime();
  const stored = useSignedInNickname();
  const [nickname, setNickname] = useState(stored);
  const { error, setError, saving, save: saveFields } = useProfileSave();
  const length = codePointLength(nickname.trim());

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkNickname(nickname);
    if (!checked.ok) return setError(checked.message);
    await saveFields({ nickname: checked.value }, (saved) => runtime.session.send({ type: 'session.nickname.changed', nickname: saved.nickname }));
  };

  return (
    <form className="profile-form" onSubmit={save} noValidate>
      <label className="profile-form__field">
        <input
          className="profile-form__input"
          value={nickname}
          onChange={(event) => {
            setNickname(event.target.value);
            setError(null);
          }}
          placeholder="请输入昵称"
          aria-label="昵称"
          autoComplete="nickname"
          enterKeyHint="done"
        />
        <span className={`profile-form__count${length > NICKNAME_MAX ? ' profile-form__count--over' : ''}`}>
          {length}/{NICKNAME_MAX}
        </span>
        {nickname !== '' && (
          <button type="button" className="profile-form__clear" aria-label="清空" onClick={() => setNickname('')}>
            ×
          </button>
        )}
      </label>
      <p className="profile-form__rule">
        昵称为{NICKNAME_MIN}-{NICKNAME_MAX}个字符，不能包含控制字符或不允许使用的词语
      </p>
      {error && (
        <p className="profile-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-form__actions">
        <button type="submit" className="profile-button" disabled={saving || nickname.trim() === ''}>
          保存
        </button>
      </div>
    </form>
  );
}

export default function EditNicknamePage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="page profile-page">
      <PageHeader title="修改昵称" onBack={() => navigate('back')} />
      {signedIn ? <NicknameForm /> : <SignedOutProfile />}
    </div>
  );
}
