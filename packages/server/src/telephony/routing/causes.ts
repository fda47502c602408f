/**
 * Q.850-style hangup causes (as a flow's `hangup` names them) and the SIP answer each becomes.
 * The table follows the usual ISDN-to-SIP mapping (RFC 3398 section 8.2.6.1), with the causes a
 * PBX uses on purpose: README "Call routing" shows it.
 */
export const CAUSE_TO_SIP: Readonly<Record<string, { code: number; reason: string }>> = {
  UNALLOCATED_NUMBER: { code: 404, reason: 'Not Found' },
  NO_ROUTE_TRANSIT_NET: { code: 404, reason: 'No route' },
  NO_ROUTE_DESTINATION: { code: 404, reason: 'No route' },
  USER_NOT_REGISTERED: { code: 404, reason: 'Not registered' },
  NORMAL_CLEARING: { code: 480, reason: 'Temporarily Unavailable' },
  NORMAL_UNSPECIFIED: { code: 480, reason: 'Temporarily Unavailable' },
  NO_ANSWER: { code: 480, reason: 'No answer' },
  SUBSCRIBER_ABSENT: { code: 480, reason: 'Subscriber absent' },
  USER_BUSY: { code: 486, reason: 'Busy Here' },
  NO_USER_RESPONSE: { code: 408, reason: 'Request Timeout' },
  CALL_REJECTED: { code: 603, reason: 'Decline' },
  NUMBER_CHANGED: { code: 410, reason: 'Gone' },
  REDIRECTION_TO_NEW_DESTINATION: { code: 410, reason: 'Gone' },
  INVALID_NUMBER_FORMAT: { code: 484, reason: 'Address Incomplete' },
  INCOMING_CALL_BARRED: { code: 403, reason: 'Incoming call barred' },
  OUTGOING_CALL_BARRED: { code: 403, reason: 'Outgoing call barred' },
  FACILITY_REJECTED: { code: 501, reason: 'Not Implemented' },
  DESTINATION_OUT_OF_ORDER: { code: 502, reason: 'Bad Gateway' },
  NETWORK_OUT_OF_ORDER: { code: 503, reason: 'Service Unavailable' },
  NORMAL_TEMPORARY_FAILURE: { code: 503, reason: 'Service Unavailable' },
  NORMAL_CIRCUIT_CONGESTION: { code: 503, reason: 'Service Unavailable' },
  SWITCH_CONGESTION: { code: 503, reason: 'Service Unavailable' },
  REQUESTED_CHAN_UNAVAIL: { code: 503, reason: 'Service Unavailable' },
  SERVICE_UNAVAILABLE: { code: 503, reason: 'Service Unavailable' },
  BEARERCAPABILITY_NOTAVAIL: { code: 488, reason: 'Not Acceptable Here' },
  BEARERCAPABILITY_NOTIMPL: { code: 488, reason: 'Not Acceptable Here' },
  INCOMPATIBLE_DESTINATION: { code: 488, reason: 'Not Acceptable Here' },
  RECOVERY_ON_TIMER_EXPIRE: { code: 504, reason: 'Server Time-out' },
  ORIGINATOR_CANCEL: { code: 487, reason: 'Request Terminated' },
};

/** The cause of a hangup without one. */
export const DEFAULT_CAUSE = 'NORMAL_CLEARING';

/**
 * The SIP answer of a hangup cause: a name of the table (any case), or a SIP code 400 to 699 given
 * as such. An unknown name is answered 480 with the name kept as the cause.
 */
export function sipOfCause(raw: string): { code: number; reason: string; cause: string } {
  const text = raw.trim();
  if (/^[4-6]\d\d$/.test(text)) return { code: Number(text), reason: 'Rejected by flow', cause: text };
  const cause = (text || DEFAULT_CAUSE).toUpperCase();
  const known = CAUSE_TO_SIP[cause];
  if (known) return { ...known, cause };
  return { code: 480, reason: 'Temporarily Unavailable', cause };
}
