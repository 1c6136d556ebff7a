import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/card.ts';

// The client's references to the calls declared in calls/card.ts (see call-refs.ts).

export const getCarmineCard = '/api/card/getCarmineCard' as CallRef<typeof declared.getCarmineCard>;
export const getCarmineCardIndex = '/api/card/getCarmineCardIndex' as CallRef<typeof declared.getCarmineCardIndex>;
export const getGoldCard = '/api/card/getGoldCard' as CallRef<typeof declared.getGoldCard>;
export const getHotCard = '/api/card/getHotCard' as CallRef<typeof declared.getHotCard>;
export const getNewCard = '/api/card/getNewCard' as CallRef<typeof declared.getNewCard>;
