import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/home-content.ts';

// The console's references to the staff calls declared in staff/home-content.ts (see staff-refs.ts).

export const hotWords = '/staff/api/home-content/hot-words' as CallRef<typeof declared.hotWords>;
export const orderHotWords = '/staff/api/home-content/order-hot-words' as CallRef<typeof declared.orderHotWords>;
export const pinHotWord = '/staff/api/home-content/pin-hot-word' as CallRef<typeof declared.pinHotWord>;
export const removeHotWord = '/staff/api/home-content/remove-hot-word' as CallRef<typeof declared.removeHotWord>;
export const unpinHotWord = '/staff/api/home-content/unpin-hot-word' as CallRef<typeof declared.unpinHotWord>;
