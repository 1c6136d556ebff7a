import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/store.ts';

// The client's references to the calls declared in calls/store.ts (see call-refs.ts).

export const getRedeemRecords = '/api/store/getRedeemRecords' as CallRef<typeof declared.getRedeemRecords>;
export const getStoreItem = '/api/store/getStoreItem' as CallRef<typeof declared.getStoreItem>;
export const getStoreItems = '/api/store/getStoreItems' as CallRef<typeof declared.getStoreItems>;
export const redeemStoreItem = '/api/store/redeemStoreItem' as CallRef<typeof declared.redeemStoreItem>;
