import { useState } from 'react';
import { PROFILE_MSG } from '../../../api/protocol/profile-rules.ts';
import { request, type DataOf, type PayloadOf } from '../../../api/typed-call.ts';
import { withLoading } from '../../app/loading.ts';
import { profileChanged } from '../../app/profile-version.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

const NETWORK_MESSAGE = '网络异常，请稍后重试';

type Saved = DataOf<typeof calls.profile.updateUserInfo>;

/**
 * Saving profile fields (/editnickname, /editdata): updateUserInfo under the loading overlay; saved
 * → the profile reloads where it is shown, 修改成功, back; refused → the server's words under the
 * form, what was typed kept (the session machine ends a dead session).
 */
export function useProfileSave() {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (fields: PayloadOf<typeof calls.profile.updateUserInfo>, onSaved?: (saved: Saved) => void) => {
    if (saving) return;
    setError(null);
    setSaving(true);
    try {
      const outcome = await withLoading(runtime.loading, () => request(runtime.api, calls.profile.updateUserInfo, fields));
      if (outcome.kind === 'ok') {
        onSaved?.(outcome.data);
        profileChanged();
        showToast(PROFILE_MSG.saved);
        navigate('back');
        return;
      }
      if (outcome.kind === 'toast' || outcome.kind === 'error') setError(outcome.msg || NETWORK_MESSAGE);
    } catch {
      setError(NETWORK_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return { error, setError, saving, save };
}
