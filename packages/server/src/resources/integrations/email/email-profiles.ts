import { emailProfiles as emailProfilesDef } from '@switchboard/model';
import { emailProfiles } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { passwordFields } from '../../engine/secret-settings.js';

/**
 * Email profiles at /api/email/profile (class email_profile, record ACL). The flow is a service
 * flow of the domain. The password is write-only: never answered (`passwordSet` says whether one
 * is stored), and a write without it (or with it empty) keeps the stored one. The fetch status
 * (last fetch, count, last error) is the poller's and read-only.
 */
export const emailProfilesResource = defineServerResource(emailProfilesDef, {
  table: emailProfiles,
  unique: { email_profiles_domain_name: 'name' },
  refs: { schema: emailProfiles.flowId },
  fields: passwordFields(),
  // A changed profile (another server, mailbox or interval, enabled again) is due at once.
  beforeRow: (_tx, row, _body, ctx) => {
    if (ctx.old) row.nextFetchAt = null;
  },
});
