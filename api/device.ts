/** SPEC §3 device info, as the native wrapper reports it. */
export interface DeviceInfo {
  system?: string;
  imei?: string;
  mac?: string;
  idfa?: string;
  version?: string;
  power?: string;
  simular?: string;
  phone_type?: string;
  /** Sent on the wire as `location` (PROTOCOL §2.3). */
  address?: string;
  version_code?: string;
  uid?: string;
  ua?: string;
  tg?: string;
  media_id?: string | number;
  android_id?: string;
  oaid?: string;
  dychannel?: string;
  StatusHeight?: string | number;
}

export const DEVICE_FIELDS: ReadonlyArray<keyof DeviceInfo> = [
  'system', 'imei', 'mac', 'idfa', 'version', 'power', 'simular', 'phone_type', 'address', 'version_code',
  'uid', 'ua', 'tg', 'media_id', 'android_id', 'oaid', 'dychannel', 'StatusHeight',
];
