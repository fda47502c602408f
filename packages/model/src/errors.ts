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
