import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/documents.ts';

// The client's references to the calls declared in calls/documents.ts (see call-refs.ts).

export const sdkListDesc = '/api/down/sdkListDesc' as CallRef<typeof declared.sdkListDesc>;
