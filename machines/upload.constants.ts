/** The upload's own texts (server refusals are shown as the server words them). */
export const UPLOAD_MESSAGES = {
  failed: '上传失败，请稍后重试',
  network: '网络异常，请检查网络后重试',
  avatarSaved: '头像修改成功',
} as const;
