/** The cooling-off the server applies (api/protocol/calls/account-cancel.ts COOLING_OFF_DAYS), for the page texts. */
export { COOLING_OFF_DAYS } from '../../../api/protocol/calls/account-cancel.ts';
