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

/**
 * The fields that identify a device or a person (docs/decisions.md "Accounts: privacy consent"):
 * never read through the bridge nor sent in any call before the player agreed to the privacy
 * policy. `uid` is the wrapper's per-install device id and `address` the location: both count.
 */
export const IDENTIFIER_FIELDS: ReadonlyArray<keyof DeviceInfo> = ['imei', 'mac', 'idfa', 'android_id', 'oaid', 'uid', 'address'];

/** What may be read and sent without consent: the system, the app's version and channel, the screen. */
export const BASIC_DEVICE_FIELDS: ReadonlyArray<keyof DeviceInfo> = DEVICE_FIELDS.filter((field) => !IDENTIFIER_FIELDS.includes(field));

/** A copy without any identifier field (whatever else the object holds stays). */
export function withoutIdentifiers(info: DeviceInfo): DeviceInfo {
  const copy: Record<string, unknown> = { ...info };
  for (const field of IDENTIFIER_FIELDS) delete copy[field];
  return copy as DeviceInfo;
}
