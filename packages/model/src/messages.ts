/** Validation messages shown under form fields and returned by the API (spec part 1 section 5). */
export const messages = {
  email: 'Should look email-like',
  required: 'This field is required',
  passwordMismatch: 'Incorrect password',
  host: 'Should look like IPv4 or FQDN',
  ipv4: 'Should look like IPv4',
  mac: 'Should look like MAC',
  min: 'Value should be at least',
  max: 'Value should be not much',
  numeric: 'Should be numeric',
  requiredArray: 'Array should not be empty',
  positive: 'Value should be positive number',
  cron: 'Invalid cron expression',
  json: 'JSON is invalid',
  hostName: 'wrong host name',
  /** A dialplan pattern that does not compile (the spec names the rule, not its text). */
  regex: 'Should be a valid regular expression',
  /** SIP gateway account (REFERENCE: a SIP URI). */
  sipAccount: 'Should look like SIP account',
  /** Chat gateway uri: a path of the public endpoint. */
  uriPath: 'Should look like a URL path',
  /** Web chat logo (spec part 2 section 5). */
  logo: 'Logo should be JPEG or PNG, 24x24 px',
  timeOrder: 'Start should be before end',
  rangeOverlap: 'Time ranges of one day should not overlap',
  dateOrder: 'End should be after start',
  date: 'Should look like a date',
  /** A phone number: digits with an optional leading +, 2 to 15 digits (E.164 allows 15). */
  phone: 'Should look like a phone number: digits, optionally a leading +',
  /** Two-factor sign-in: a code that is not six digits, or not the current one. */
  twoFactorCode: 'Enter the six-digit code from your authenticator app',
  twoFactorWrong: 'The code is not valid',
  /** A time (epoch milliseconds) outside what the database stores. */
  timeRange: 'Should be a time between the years 1970 and 9999',
  /** What the telephony side reports has happened: not more than a day ahead of this server's clock. */
  futureTime: 'Should not be in the future',
  /** A reference whose id is not a number (`{"id": "1"}`). */
  idType: 'Should be the numeric id of a record',
  /** Text holding a NUL character, which the database does not store or compare. */
  nulCharacter: 'Should not contain a null character',
  /** A value outside a fixed list; the allowed values follow the text. */
  oneOf: 'Should be one of',
  /** A reference to a record that does not exist (in the caller's domain). */
  noSuchRecord: 'No such record exists',
  /** Import reports: a header cell naming no column of the list; the known columns follow. */
  unknownColumn: 'Unknown column',
  /** A blacklist number already in its list; in an import report, "(line N)" may follow. */
  numberTaken: 'This number is already in the list',
  /** Device import reports: an account of another device, or of an earlier row (its number follows). */
  accountTaken: 'A device with this account already exists',
  accountRepeated: 'The account is already on row',
  /** Resource error list: a SIP code or a range of codes (contact-center resources). */
  sipErrorCode: 'Should be a SIP code from 300 to 699, or a range such as 500-599',
  /** Resource number patterns. */
  numberPattern: 'Should hold digits, +, X (any digit), * and # only',
  /** Resource group time ranges: all within one day. */
  timeRangesOverlap: 'Time ranges should not overlap',
  /** A display number already in its resource; in an import report, "(line N)" may follow. */
  displayTaken: 'This number is already a display number of the resource',
  /** A group resource whose reserve is the resource itself. */
  reserveSame: 'The reserve resource should differ from the resource',
  /** Storage profiles: a local directory, an endpoint, a Digital Ocean region. */
  storageFolder: "Should be a folder inside the domain's storage folder: a relative path without ..",
  url: 'Should look like a URL (http or https)',
  digitalOceanRegion: 'A Digital Ocean endpoint takes a Digital Ocean region',
  /** Cognitive profiles: a Microsoft region names the service's host (`westeurope`). */
  azureRegion: 'Should be a region name: lowercase letters and digits, such as westeurope',
  /** A queue's type is fixed once it exists (REFERENCE.md "Queue types"). */
  queueTypeFixed: 'The type of a queue cannot change once it is created',
  /** A payload key the queue's type does not have. */
  queueSetting: 'Not a setting of this queue type',
  /** Queue skills (spec part 2 section 5): both capacity fields carry the error. */
  skillCapacityMin: 'Skill minimum capacity must be at most the maximum',
  skillCapacityMax: 'Skill maximum capacity must be at least the minimum',
  /** Member communications (spec part 2 section 3): DTMF digits only, at most 20. */
  dtmfDigits: 'Should hold digits only',
  communicationsMax: 'Should have at most 20 communications',
  /** Deleting every member of a queue takes an explicit `all=true`. */
  confirmAll: 'Give a filter, or all=true to delete every member',
} as const;

export type MessageKey = keyof typeof messages;
