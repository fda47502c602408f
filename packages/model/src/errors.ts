/**
 * Server messages carry a key and parameters besides their English `detail`, so the console can
 * say them in the user's language (locales: `errors.<key>`, nouns under `errors.nouns.<name>`).
 * The English texts here are the `detail`; `{{name}}` marks a parameter.
 */
export const errorTexts = {
  notFound: 'No such {{resource}}.',
  conflict: 'A {{resource}} with this {{field}} already exists.',
  classRight: 'You may not {{right}} {{resource}} records.',
  recordRight: 'You may not {{right}} this {{resource}}.',
  permission: 'This needs the {{permission}} permission.',
  audioOnly: 'Only audio files are accepted: WAV, MP3 or Ogg.',
  noSuchRef: 'No such {{resource}} exists.',
  refFilter: 'The {{resource}} must be of {{field}} {{value}}.',
  busy: 'The server is busy. Try again in {{seconds}} s.',
  importNotText: 'The file is not {{charset}} text: choose its character set, or save a spreadsheet as CSV first.',
  importEmpty: 'The file holds no rows.',
  importRagged: 'Line {{line}} has {{got}} cells where the first row has {{expected}}.',
  importCsv: 'Line {{line}} is not valid CSV: {{reason}}.',
  importHeader: 'The header row names columns this list does not have; nothing was imported.',
  importRowsRefused: '{{failed}} of {{rows}} rows have errors; nothing was imported.',
  importCancelled: 'Cancelled.',
  importStopped: 'The import stopped on an error: {{reason}}',
  importTooLarge: 'The file is larger than {{max}} bytes.',
  importLoading: 'The import is loading its rows and can no longer be cancelled.',
  importEnded: 'The import has ended.',
  uploadTooSlow: 'The upload arrived slower than {{rate}} bytes a second for {{seconds}} s and was stopped.',
  tooManyUploads: 'At most {{max}} uploads of one user may run at once. Try again when one has finished.',
  importQueueType: 'Members cannot be imported into the queue {{name}}: its type is {{type}}.',
  // Sign-in and two-factor sign-in
  unauthorized: 'Sign in first: the access token is missing, invalid, expired or revoked.',
  signInFailed: 'The username or password is incorrect.',
  accountDisabled: 'This account is disabled. Ask an administrator to activate it.',
  signInExpired: 'The sign-in has expired. Enter your password again.',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again in {{seconds}} seconds.',
  twoFactorEnrolled: 'Two-factor sign-in is already set up.',
  twoFactorRequired: 'A role you hold requires two-factor sign-in: it cannot be turned off.',
  twoFactorNotSet: 'This user has no two-factor sign-in to reset.',
  tooManyStreams: 'At most {{max}} live event streams may be open with one sign-in.',
  sessionEndedGuessing: 'Too many wrong current passwords: this sign-in has ended. Sign in again.',
  sessionOnly:
    'An API token cannot change passwords, two-factor sign-in or tokens: sign in with a password to do this.',
  // Rights
  forbidden: 'You do not have the right to do this.',
  grantBeyond: 'You cannot grant rights you do not hold yourself: {{rights}}.',
  grantUnmanaged: 'You may grant only rights you manage on this record (not {{rights}}).',
  ownRoleRights: 'You cannot change the rights of a role you hold.',
  strongerUserTwoFactor: 'You cannot reset two-factor sign-in of a user who holds rights you do not: {{rights}}.',
  strongerUserLogOut: 'You cannot log out a user who holds rights you do not: {{rights}}.',
  strongerUserPassword: 'You cannot set the password of a user who holds rights you do not: {{rights}}.',
  strongerUserToken: 'You cannot create a token for a user who holds rights you do not: {{rights}}.',
  strongerUserState: 'You cannot deactivate a user who holds rights you do not: {{rights}}.',
  strongerUserDelete: 'You cannot delete a user who holds rights you do not: {{rights}}.',
  strongerUserRoles: 'You cannot take roles away from a user who holds rights you do not: {{rights}}.',
  strongerUserUsername: 'You cannot rename a user who holds rights you do not: {{rights}}.',
  strongerRoleReduce: 'You cannot take rights away from a role that holds rights you do not: {{rights}}.',
  strongerRoleDelete: 'You cannot delete a role that holds rights you do not: {{rights}}.',
  strongerRoleChange:
    'You cannot rename a role that holds rights you do not, nor change its two-factor requirement: {{rights}}.',
  ownRoleReduce: 'You cannot take rights away from a role you hold: {{rights}}.',
  lastAdministrator:
    'This would leave the domain without an active user holding every right. Give another user every right first.',
  userRolesPermission: 'Changing user roles needs the {{permission}} permission.',
  userLicensePermission: 'Changing user licenses needs the {{permission}} permission.',
  userPasswordPermission: 'Setting a user password needs the {{permission}} permission.',
  userTokenPermission: "Creating another user's token needs the {{permission}} permission.",
  // Users and roles
  dropOwnRole: 'You cannot remove a role from your own user.',
  deactivateSelf: 'You cannot deactivate your own user.',
  deleteSelf: 'You cannot delete your own user.',
  deleteOwnRole: 'You cannot delete a role you hold.',
  unknownRoles: 'No such role: {{ids}}.',
  unknownClasses: 'No such object class: {{ids}}.',
  // Records in use, routes and flows
  inUse: 'This {{resource}} is used by other records and cannot be deleted.',
  flowInUse:
    'This flow is used by {{names}} (outbound routes, chat routes, chat gateways, triggers or email profiles): change or delete those first.',
  flowTypeInUse:
    'This flow is used by {{names}} (outbound routes, chat routes, chat gateways, triggers or email profiles): its type cannot change.',
  flowVersionNotFound: 'No such version of this flow.',
  teamInUse: 'This team has agents: {{names}}. Move them to another team first.',
  skillInUse: 'Agents hold this skill: {{names}}. Remove it from them first.',
  selfSupervisor: 'An agent cannot be its own supervisor.',
  notSupervisor: 'The agent {{name}} is not a supervisor.',
  pauseCauseNotAllowed: 'The pause cause {{name}} may not be set by {{who}}.',
  // Agent status events
  agentUnnamed: 'Name the agent by its id or its username.',
  agentNotFound: 'No agent {{agent}} in this domain.',
  resourceInUse: 'This resource is used by the resource groups {{names}}: remove it from them first.',
  gatewayInUse: 'This SIP gateway is used by the resources {{names}}: change or delete those first.',
  communicationInUse: 'This communication type is used by the resource groups {{names}}: change or delete those first.',
  patternsSlow: 'The patterns took longer than {{ms}} ms to test. Simplify the slow patterns.',
  // Telephony events
  gatewayUnnamed: 'Name the SIP gateway by its id or name.',
  gatewayNotFound: 'No SIP gateway {{gateway}} in this domain.',
  gatewayTrunk: 'The SIP gateway "{{name}}" is a trunk: it does not register.',
  deviceNotFound: 'No device with the account "{{account}}" in this domain.',
  queueUnnamed: 'Name the queue by its id (queueId) or its name.',
  queueNotFound: 'No queue {{queue}} in this domain.',
  deviceNotHotdesk: 'The device "{{account}}" is not a hotdesk device.',
  hotdeskUserUnnamed: 'Name the user by userId or username.',
  hotdeskUserNotFound: 'No user {{user}} in this domain.',
  // Media files
  fileEmpty: 'The file is empty.',
  mediaTooLarge: 'The file is larger than the limit of {{max}} bytes.',
  speechTooLarge: 'The speech is larger than the limit of {{max}} bytes.',
  mediaFileMissing: 'The sound of this media file is missing on the server.',
  logExportMissing: 'The file of this change-log export cannot be read from its storage profile.',
  mediaRange: 'The range asked for is outside the file of {{size}} bytes.',
  ttsUnavailable: 'No text-to-speech engine is installed on the server: install espeak-ng (or set TTS_COMMAND).',
  ttsFailed: 'The text-to-speech engine failed to speak this text.',
  // Licenses
  licenseNoKey: 'No license key is configured on this server (LICENSE_PUBLIC_KEY), so licenses cannot be imported.',
  licenseMalformed: 'This is not a Switchboard license document.',
  licenseSignature: 'The license signature is not valid: the document was altered or signed with another key.',
  licenseUnreadable: 'The license content is not readable.',
  licenseField: 'The license field {{name}} is not valid.',
  licenseEndsFirst: 'The license ends before it begins.',
  licenseDomain: 'This license is for the domain "{{licensed}}", not "{{domain}}".',
  licenseExpired: 'This license expired on {{date}}.',
  licenseHolderNotFound: 'No such user holds this license.',
  licenseUnknown: 'No such license: {{ids}}.',
  licenseExpiredSeat: 'License {{id}} ({{product}}) has expired and cannot be assigned.',
  licenseUsedUp: 'License {{id}} ({{product}}) is used up: {{used}} of {{limit}} assigned.',
  // Chat gateway pages and WhatsApp accounts
  chatGatewayNotFound: 'No chat gateway has this uri.',
  chatPagesMessengerOnly: 'Pages belong to messenger gateways only.',
  chatGatewayNoClient: 'The gateway has no clientId and clientSecret.',
  chatPageNotFound: 'The gateway has no such page.',
  chatWhatsappNotFound: 'The gateway has no such WhatsApp account.',
  chatSetupExpired: 'This setup was not started here or has expired: start it again from the gateway.',
  chatSetupOther: 'This setup was started for another gateway: start it again from the gateway.',
  providerUnreachable: 'The provider cannot be reached.',
  providerRefused: 'The provider refused: {{reason}}',
  // Storage profiles
  storageFull: 'The storage profile {{name}} is full: it holds at most {{max}} GB.',
  storageInUse:
    'Files are stored through the storage profile {{name}} ({{count}}): disable it instead, or delete the files first.',
  storageUnreachable: 'The file could not be stored through the storage profile {{name}}: {{reason}}',
  // A connection a domain's settings caused (storage, mail, speech): what failed, never the remote's words
  outboundPolicy: 'The address is refused by the outbound policy of this server.',
  outboundConnect: 'Could not connect to the server.',
  outboundAnswer: 'The server answered with an error.',
  outboundSignIn: 'Sign-in failed.',
  outboundMailbox: 'Signed in, but the mailbox cannot be opened.',
  passwordAgain: 'Send the password again: the host, port or login differs from the saved profile.',
  // Local storage profiles: a folder inside the domain's storage folder
  storageLocalOutside: 'The folder must stay inside the storage folder of this domain.',
  storageLocalMissing: 'The folder does not exist in the storage folder of this domain.',
  storageLocalDenied: 'The folder cannot be written.',
  // Cognitive profiles and the speech they make and hear
  cognitiveKeyRefused: 'The {{provider}} speech service refused the key of the profile {{name}}: check its key.',
  cognitiveKeyRegionRefused:
    'The {{provider}} speech service refused the key of the profile {{name}}: check its key and region.',
  cognitiveRefused: 'The {{provider}} speech service refused the request of the profile {{name}}: {{reason}}',
  cognitiveTimeout: 'The {{provider}} speech service did not answer the profile {{name}} within {{seconds}} s.',
  cognitiveUnreachable: 'The {{provider}} speech service cannot be reached for the profile {{name}}: {{reason}}',
  cognitiveBadAnswer:
    'The {{provider}} speech service answered the profile {{name}} with something other than {{expected}}.',
  cognitiveDisabled: 'The cognitive profile {{name}} is disabled.',
  cognitiveNotTts: 'The cognitive profile {{name}} is not a text-to-speech profile.',
  cognitiveNotStt: 'The cognitive profile {{name}} is not a speech-to-text profile.',
  cognitiveWavOnly: 'Only WAV files can be transcribed.',
  // Whatever else the server refuses
  routeNotFound: 'No route {{method}} {{path}}.',
  uniqueValue: 'A record with the same unique value already exists.',
  referenced: 'A referenced record does not exist or is still in use.',
  tooLong: 'A value sent is too long.',
  badValue: 'A value sent is out of range or malformed.',
  badUpload: 'The upload is malformed: {{reason}}.',
  badRequest: 'The request was refused: {{reason}}',
  internal: 'The server failed to handle this request.',
} as const;

export type ErrorKey = keyof typeof errorTexts;
export type ErrorParams = Record<string, string | number>;

/** What each record is called in English (resource and object-class names are table-like). */
const nouns: Record<string, string> = {
  objclass: 'object class',
  roles: 'role',
  flows: 'flow',
  flow: 'flow',
  dialplan: 'outbound route',
  chatplan: 'chat route',
  sipGateways: 'SIP gateway',
  chatGateways: 'chat gateway',
  storage_profile: 'storage profile',
  email_profile: 'email profile',
  cognitive_profile: 'cognitive profile',
  buckets: 'bucket',
  skills: 'skill',
  pauseCauses: 'pause cause',
  communicationTypes: 'communication type',
  media: 'media file',
  blacklists: 'blacklist',
  blacklistNumbers: 'blacklist number',
  calendars: 'calendar',
  devices: 'device',
  users: 'user',
  license: 'license',
  loggerConfig: 'logger setting',
  queues: 'queue',
  agents: 'agent',
  teams: 'team',
  agentSkills: 'agent skill',
  skillAgents: 'agent skill',
  agentStates: 'agent state',
  chats: 'chat',
};

export const nounOf = (name: string): string => nouns[name] ?? 'record';

/** A resource that names its records in its definition (`ResourceDef.noun`) adds it here. */
export function registerNoun(name: string, noun: string) {
  if (nouns[name] && nouns[name] !== noun) throw new Error(`${name}: its noun is declared twice`);
  nouns[name] = noun;
}

/** The verbs behind the one-letter rights r, w, x, d (create is x on classes). */
export const rightVerbs: Record<string, string> = { r: 'read', w: 'edit', x: 'create', d: 'delete' };

/** The English `detail` of a keyed message; `resource` and `right` params are names, said as words. */
export function errorDetail(key: ErrorKey, params: ErrorParams = {}): string {
  return errorTexts[key].replace(/\{\{(\w+)\}\}/g, (_, p: string) => {
    const v = params[p];
    if (p === 'resource') return nounOf(String(v));
    if (p === 'right') return rightVerbs[String(v)] ?? String(v);
    return v === undefined ? '' : String(v);
  });
}
