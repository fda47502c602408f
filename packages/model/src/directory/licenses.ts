import { z } from 'zod';
import { col, nested, resource, sorted } from '../define.js';
import { refOutput, required, timestamps } from '../validation.js';

/**
 * Products a license may be issued for (REFERENCE "License"). The list names the ones the console
 * knows; a signed license may carry another upper-case product name and is kept as issued.
 */
export const LICENSE_PRODUCTS = [
  'CALL_CENTER',
  'CALL_MANAGER',
  'VOIP_DEVICE',
  'EMAIL',
  'CHAT',
  'DIALER',
  'SUPERVISOR',
  'AUDIT',
  'CALL_HISTORY',
  'WEB_PHONE',
] as const;
export const LICENSE_PRODUCT_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Expiry filters of the license list (`expiry=`): expired, or ending within 30 or 90 days. */
export const LICENSE_EXPIRY_FILTERS = ['expired', '30', '90'] as const;
export type LicenseExpiryFilter = (typeof LICENSE_EXPIRY_FILTERS)[number];

/** The license users screen shows this many of each user's licenses (spec part 1 section 9). */
export const LICENSE_USERS_SHOWN = 5;

/**
 * The signed content of a license document. Times are ISO 8601 instants; `competitive` means
 * concurrent seats rather than named users.
 */
export const licensePayload = z.object({
  serial: z.string().trim().min(1).max(128),
  product: z.string().regex(LICENSE_PRODUCT_PATTERN),
  scope: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/)).default([]),
  limit: z.number().int().min(1).max(1_000_000),
  competitive: z.boolean().default(false),
  not_before: z.iso.datetime({ offset: true }),
  not_after: z.iso.datetime({ offset: true }),
  domain: z.string().trim().min(1),
});
export type LicensePayload = z.infer<typeof licensePayload>;

/** PUT /customer: import (or renew, by serial) one license document. */
export const licenseImport = z.object({ certificate: required() });

const licenseItem = z.object({
  id: z.number(),
  serial: z.string(),
  product: z.string(),
  scope: z.array(z.string()),
  limit: z.number(),
  used: z.number(),
  remain: z.number(),
  competitive: z.boolean(),
  notBefore: z.string(),
  notAfter: z.string(),
  /** The same instants as notBefore / notAfter, in milliseconds since the epoch. */
  validFrom: z.number(),
  validTill: z.number(),
  domain: z.string(),
  ...timestamps(),
});
export type LicenseItem = z.infer<typeof licenseItem>;

/**
 * Licenses of the domain: read-only records, imported through PUT /customer. No access class
 * (spec part 1 section 6): every signed-in user of the domain may read them.
 */
export const licenses = resource({
  name: 'license',
  path: '/license',
  objClass: null,
  area: 'directory',
  item: licenseItem,
  listFields: [
    'id',
    'product',
    'serial',
    'notBefore',
    'notAfter',
    'validFrom',
    'validTill',
    'used',
    'limit',
    'remain',
    'competitive',
    'domain',
  ],
  search: ['product', 'serial'],
  sort: ['id', 'product', 'serial', 'limit', 'used', 'remain', 'notBefore', 'notAfter', 'validFrom', 'validTill'],
  defaultSort: '+product',
  columns: [
    sorted('product'),
    sorted('serial'),
    sorted('notBefore', 'date'),
    sorted('notAfter', 'date'),
    sorted('used'),
    sorted('limit'),
    sorted('remain'),
    col('competitive'),
  ],
});

/** One user of a license (GET /products/{id}/users): live sessions and the user's licenses. */
export const licenseUser = z.object({
  id: z.number(),
  domain: z.string(),
  user: refOutput(),
  username: z.string(),
  sessions: z.number(),
  license: z.array(z.object({ id: z.number(), prod: z.string() })),
});
export type LicenseUser = z.infer<typeof licenseUser>;

/**
 * The users holding one license (`/products/{id}/users`), with their live sessions and licenses;
 * read-only, guarded by the manageUserLicense permission (licenses have no access class).
 */
export const licenseUsers = nested({
  name: 'license_users',
  path: '/products/:id/users',
  permission: 'manageUserLicense',
  item: licenseUser,
  search: ['username', 'user'],
  sort: ['id', 'username', 'user', 'sessions'],
  defaultSort: '+username',
  columns: [sorted('user', 'ref'), sorted('username'), sorted('sessions')],
  parent: licenses,
  param: 'id',
  itemParam: 'userId',
  rights: 'own',
});
