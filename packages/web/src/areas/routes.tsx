import {
  blacklists,
  buckets,
  calendars,
  chatGateways,
  chatplan,
  communicationTypes,
  devices,
  dialplan,
  flows,
  licenses,
  media,
  NAVIGATION,
  objclass,
  pauseCauses,
  type ResourceDef,
  regions,
  roles,
  sipGateways,
  skills,
  users,
} from '@switchboard/model';
import { type ComponentType, createElement, type ReactNode } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyScreen } from '../app/lazy';
import { RequireAccess } from '../app/RequireAccess';
import { RequireEntry } from '../app/RequireEntry';
import { NEW } from '../kit/edit/newId';

/** A screen module exports its component by name; lazyScreen wants it as the default. */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyScreen(() => load().then((m) => ({ default: m[name] })));

const LicensesList = screen(() => import('./directory/license/LicensesList'), 'LicensesList');
const LicenseUsers = screen(() => import('./directory/license/LicenseUsers'), 'LicenseUsers');
const UsersList = screen(() => import('./directory/users/UsersList'), 'UsersList');
const UserEdit = screen(() => import('./directory/users/UserEdit'), 'UserEdit');
const DevicesList = screen(() => import('./directory/devices/DevicesList'), 'DevicesList');
const DeviceEdit = screen(() => import('./directory/devices/DeviceEdit'), 'DeviceEdit');
const HotdeskEdit = screen(() => import('./directory/devices/DeviceEdit'), 'HotdeskEdit');
const CalendarsList = screen(() => import('./lookups/calendars/CalendarsList'), 'CalendarsList');
const CalendarEdit = screen(() => import('./lookups/calendars/CalendarEdit'), 'CalendarEdit');
const MediaList = screen(() => import('./lookups/media/MediaList'), 'MediaList');
const RolesList = screen(() => import('./permissions/roles/RolesList'), 'RolesList');
const RoleEdit = screen(() => import('./permissions/roles/RoleEdit'), 'RoleEdit');
const ObjectsList = screen(() => import('./permissions/objects/ObjectsList'), 'ObjectsList');
const ObjectEdit = screen(() => import('./permissions/objects/ObjectEdit'), 'ObjectEdit');
const BlacklistEdit = screen(() => import('./lookups/blacklist/BlacklistEdit'), 'BlacklistEdit');
const BlacklistNumberEdit = screen(() => import('./lookups/blacklist/BlacklistNumberEdit'), 'BlacklistNumberEdit');
const FlowsList = screen(() => import('./routing/flows/FlowsList'), 'FlowsList');
const FlowEdit = screen(() => import('./routing/flows/FlowEdit'), 'FlowEdit');
const DialplanList = screen(() => import('./routing/dialplan/DialplanList'), 'DialplanList');
const DialplanEdit = screen(() => import('./routing/dialplan/DialplanEdit'), 'DialplanEdit');
const ChatplanList = screen(() => import('./routing/chatplan/ChatplanList'), 'ChatplanList');
const ChatplanEdit = screen(() => import('./routing/chatplan/ChatplanEdit'), 'ChatplanEdit');
const SipGatewaysList = screen(() => import('./routing/sip-gateways/SipGatewaysList'), 'SipGatewaysList');
const RegisterGatewayEdit = screen(() => import('./routing/sip-gateways/SipGatewayEdit'), 'RegisterGatewayEdit');
const TrunkingGatewayEdit = screen(() => import('./routing/sip-gateways/SipGatewayEdit'), 'TrunkingGatewayEdit');
const ChatGatewaysList = screen(() => import('./routing/chat-gateways/ChatGatewaysList'), 'ChatGatewaysList');
const ChatGatewayEdit = screen(() => import('./routing/chat-gateways/ChatGatewayEdit'), 'ChatGatewayEdit');

const guarded = (cls: string | null, Screen: ComponentType): RouteObject['element'] => (
  <RequireAccess cls={cls} right="r">
    <Screen />
  </RequireAccess>
);

/** A screen without an access class, guarded by its navigation entry's rule (a permission). */
const byEntry = (route: string, Screen: ComponentType): RouteObject['element'] => {
  const entry = NAVIGATION.flatMap((s) => s.entries).find((e) => e.route === route);
  if (!entry) throw new Error(`no navigation entry for ${route}`);
  return (
    <RequireEntry entry={entry}>
      <Screen />
    </RequireEntry>
  );
};

/** `/new` creates, so it wants the create right: without it the form could never be saved. */
function RequireEditAccess({ cls, children }: { cls: string | null; children: ReactNode }) {
  const { id } = useParams();
  return (
    <RequireAccess cls={cls} right={id === NEW ? 'x' : 'r'}>
      {children}
    </RequireAccess>
  );
}

const editor = (cls: string | null, Screen: ComponentType): RouteObject['element'] => (
  <RequireEditAccess cls={cls}>
    <Screen />
  </RequireEditAccess>
);

/** The generic list and edit screens (one chunk), bound to a definition. */
const loadKit = () =>
  Promise.all([import('../kit/list/ResourceList'), import('../kit/edit/ResourceEdit')]).then(([l, e]) => ({
    ResourceList: l.ResourceList,
    ResourceEdit: e.ResourceEdit,
  }));
const genericScreen = (def: ResourceDef, which: 'ResourceList' | 'ResourceEdit') =>
  lazyScreen(() =>
    loadKit().then((kit) => ({
      default: function GenericScreen() {
        return createElement(kit[which], { def });
      },
    })),
  );

/**
 * The list at the definition's route and `/new`, `/{id}` beside it. Without screens of its own a
 * resource gets the generic ones (its definition needs a `form` for the editor).
 */
export function resourceRoutes(
  def: ResourceDef,
  screens: { list?: ComponentType; edit?: ComponentType } = {},
): RouteObject[] {
  const base = def.route.slice(1);
  return [
    { path: base, element: guarded(def.objClass, screens.list ?? genericScreen(def, 'ResourceList')) },
    { path: `${base}/:id`, element: editor(def.objClass, screens.edit ?? genericScreen(def, 'ResourceEdit')) },
  ];
}

/** Routes of the admin areas, relative to the admin layout; each screen loads on demand. */
export const adminRoutes: RouteObject[] = [
  // Licenses have no access class: every signed-in user may read them (spec part 1 section 6).
  { path: 'directory/license', element: guarded(licenses.objClass, LicensesList) },
  { path: 'directory/license/:id', element: guarded(licenses.objClass, LicenseUsers) },
  { path: 'directory/users', element: guarded(users.objClass, UsersList) },
  { path: 'directory/users/:id', element: editor(users.objClass, UserEdit) },
  { path: 'directory/devices', element: guarded(devices.objClass, DevicesList) },
  { path: 'directory/devices/hotdesk/:id', element: editor(devices.objClass, HotdeskEdit) },
  { path: 'directory/devices/:id', element: editor(devices.objClass, DeviceEdit) },
  { path: 'lookups/media', element: guarded(media.objClass, MediaList) },
  { path: 'permissions/roles', element: guarded(roles.objClass, RolesList) },
  { path: 'permissions/roles/:id', element: editor(roles.objClass, RoleEdit) },
  { path: 'permissions/objects', element: byEntry(objclass.route, ObjectsList) },
  { path: 'permissions/objects/:id', element: byEntry(objclass.route, ObjectEdit) },
  { path: 'routing/flow', element: guarded(flows.objClass, FlowsList) },
  { path: 'routing/flow/:id', element: editor(flows.objClass, FlowEdit) },
  { path: 'routing/dialplan', element: guarded(dialplan.objClass, DialplanList) },
  { path: 'routing/dialplan/:id', element: editor(dialplan.objClass, DialplanEdit) },
  { path: 'routing/chatplan', element: guarded(chatplan.objClass, ChatplanList) },
  { path: 'routing/chatplan/:id', element: editor(chatplan.objClass, ChatplanEdit) },
  ...resourceRoutes(regions),
  ...resourceRoutes(skills),
  ...resourceRoutes(buckets),
  ...resourceRoutes(blacklists, { edit: BlacklistEdit }),
  // A number of a blacklist, opened from the list's numbers tab.
  { path: 'lookups/blacklist/:listId/:id', element: editor(blacklists.objClass, BlacklistNumberEdit) },
  ...resourceRoutes(communicationTypes),
  ...resourceRoutes(pauseCauses),
  { path: 'routing/sip-gateways', element: guarded(sipGateways.objClass, SipGatewaysList) },
  { path: 'routing/sip-gateways/register/:id', element: editor(sipGateways.objClass, RegisterGatewayEdit) },
  { path: 'routing/sip-gateways/trunking/:id', element: editor(sipGateways.objClass, TrunkingGatewayEdit) },
  // The editors' way back (`..`) leads here: the list holds both variants.
  { path: 'routing/sip-gateways/register', element: <Navigate to="/routing/sip-gateways" replace /> },
  { path: 'routing/sip-gateways/trunking', element: <Navigate to="/routing/sip-gateways" replace /> },
  { path: 'routing/chat-gateways', element: guarded(chatGateways.objClass, ChatGatewaysList) },
  { path: 'routing/chat-gateways/:id', element: editor(chatGateways.objClass, ChatGatewayEdit) },
  ...resourceRoutes(calendars, { list: CalendarsList, edit: CalendarEdit }),
];
